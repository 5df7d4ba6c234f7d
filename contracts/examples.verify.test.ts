import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import * as auth from '../src/api/schemas/auth';
import * as billing from '../src/api/schemas/billingDetails';
import * as bots from '../src/api/schemas/chatbots';
import * as sessions from '../src/api/schemas/chatSessions';
import { ErrorBodySchema, OkSchema } from '../src/api/schemas/common';
import * as dash from '../src/api/schemas/dashboard';
import * as db from '../src/api/schemas/database';
import * as inst from '../src/api/schemas/instances';
import * as invoices from '../src/api/schemas/invoices';
import * as live from '../src/api/schemas/live';
import * as plans from '../src/api/schemas/membership';
import * as cards from '../src/api/schemas/paymentMethods';
import * as pay from '../src/api/schemas/payments';
import * as opt from '../src/api/schemas/promptOptimization';
import * as sales from '../src/api/schemas/sales';
import * as testChat from '../src/api/schemas/testChat';
import { UploadedFileSchema } from '../src/api/schemas/upload';
import { PACT_FILE } from './pact';

type Row = [method: string, path: RegExp, request: z.ZodMiniType | null, response: z.ZodMiniType];
const ID = '[^/]+';
const p = (s: string) => new RegExp(`^/api/v1${s.replaceAll('{id}', ID)}$`);

/** Every call of the API and the schemas its request and answer must satisfy; specific paths first. */
const ROWS: Row[] = [
  ['POST', p('/auth/send-code'), auth.SendCodeBodySchema, auth.SendCodeResponseSchema],
  ['POST', p('/auth/login-otp'), auth.LoginBodySchema, auth.UserInfoSchema],
  ['GET', p('/users/me'), null, auth.CurrentUserSchema],
  ['GET', p('/chat-message/compare/yesterday'), null, dash.ComparisonSchema],
  ['GET', p('/chat-session/count/whatsapp-users'), null, dash.ComparisonSchema],
  ['GET', p('/chatbots/count/active'), null, dash.CountSchema],
  ['GET', p('/whatsapp/count/active'), null, dash.CountSchema],
  ['GET', p('/activity-log/list'), null, dash.ActivityLogSchema],
  ['GET', p('/dashboard/trends'), null, dash.TrendsSchema],
  ['GET', p('/events/stream'), null, live.LiveStreamBodySchema],
  ['POST', p('/whatsapp/create-instance'), null, inst.InstanceSchema],
  ['GET', p('/whatsapp/list'), null, inst.InstanceListSchema],
  ['POST', p('/whatsapp/usage-info'), inst.UsageInfoBodySchema, inst.UsageInfoSchema],
  ['POST', p('/whatsapp/{id}/logout'), null, OkSchema],
  ['POST', p('/whatsapp/{id}/update'), inst.InstanceUpdateBodySchema, inst.InstanceSchema],
  ['GET', p('/whatsapp/{id}'), null, inst.InstanceSchema],
  ['POST', p('/chatbots'), bots.ChatbotBodySchema, bots.ChatbotSchema],
  ['GET', p('/chatbots'), null, bots.ChatbotListSchema],
  ['GET', p('/chatbots/user/{id}'), null, bots.ChatbotListSchema],
  ['GET', p('/chatbots/{id}/knowledge-base'), null, bots.KnowledgeBaseSchema],
  ['GET', p('/chatbots/{id}/prompt-versions'), null, bots.PromptVersionListSchema],
  ['POST', p('/chatbots/{id}/database/test'), db.DatabaseBodySchema, db.DatabaseTestResultSchema],
  ['GET', p('/chatbots/{id}/database'), null, db.DatabaseAnswerSchema],
  ['PUT', p('/chatbots/{id}/database'), db.DatabaseBodySchema, db.DatabaseConnectionSchema],
  ['DELETE', p('/chatbots/{id}/database'), null, OkSchema],
  [
    'POST',
    p('/chatbots/prompt-optimizations'),
    opt.PromptOptimizationBodySchema,
    opt.PromptOptimizationSchema,
  ],
  ['GET', p('/chatbots/prompt-optimizations/{id}/stream'), null, opt.OptimizationStreamBodySchema],
  ['GET', p('/chatbots/test/{id}/stream'), null, testChat.TestStreamBodySchema],
  ['GET', p('/chatbots/{id}'), null, bots.ChatbotSchema],
  ['PATCH', p('/chatbots/{id}'), bots.ChatbotBodySchema, bots.ChatbotSchema],
  ['DELETE', p('/chatbots/{id}'), null, OkSchema],
  ['POST', p('/chatbots/test/{id}'), bots.TestChatBodySchema, bots.TestChatReplySchema],
  ['POST', p('/upload/file-to-knowledge'), null, UploadedFileSchema],
  ['POST', p('/chat-session/search'), sessions.SessionSearchBodySchema, sessions.ChatSessionListSchema],
  ['GET', p('/chat-session/{id}/messages'), null, sessions.ChatMessageListSchema],
  ['POST', p('/chat-session/{id}/star'), sessions.StarBodySchema, sessions.StarResultSchema],
  ['POST', p('/chat-session/{id}/analyze'), null, sessions.ChatAnalysisSchema],
  ['GET', p('/membership/plans'), null, plans.MembershipPlanListSchema],
  ['GET', p('/membership/user'), null, plans.UserMembershipSchema],
  ['GET', p('/membership/user/token-reset-time'), null, plans.TokenResetTimeSchema],
  ['GET', p('/membership/user/token-remaining'), null, plans.TokenRemainingSchema],
  ['POST', p('/membership'), plans.PlanBodySchema, plans.MembershipPlanSchema],
  ['PUT', p('/membership/{id}'), plans.PlanBodySchema, plans.MembershipPlanSchema],
  ['DELETE', p('/membership/{id}'), null, OkSchema],
  ['POST', p('/payments/create'), pay.CreatePaymentBodySchema, pay.CreatePaymentResultSchema],
  ['GET', p('/payments/subscription-management-url'), null, pay.ManagementUrlSchema],
  ['GET', p('/payments/billing-details'), null, billing.BillingDetailsSchema],
  ['PUT', p('/payments/billing-details'), billing.BillingDetailsBodySchema, billing.BillingDetailsSchema],
  ['GET', p('/payments/invoices'), null, invoices.InvoicePageSchema],
  ['POST', p('/payments/invoices/{id}/pay'), null, invoices.PayInvoiceResultSchema],
  ['GET', p('/payments/invoices/{id}'), null, invoices.InvoiceSchema],
  ['POST', p('/sales/inquiries'), sales.SalesInquiryBodySchema, sales.SalesInquiryReceiptSchema],
  ['GET', p('/payments/methods'), null, cards.PaymentMethodListSchema],
  ['POST', p('/payments/methods/{id}/default'), null, cards.PaymentMethodListSchema],
  ['DELETE', p('/payments/methods/{id}'), null, cards.PaymentMethodListSchema],
  ['POST', p('/payments/methods/setup-session'), null, cards.CardSetupSessionSchema],
  [
    'POST',
    p('/payments/subscription-by-session-id'),
    pay.PaymentSessionBodySchema,
    pay.PaymentSessionDetailsSchema,
  ],
];

interface Interaction {
  description: string;
  request: { method: string; path: string; body?: { content: unknown; contentType: string } };
  response: { status: number; body?: { content: unknown } };
}

const pact = JSON.parse(readFileSync(PACT_FILE, 'utf8')) as { interactions: Interaction[] };
const rowFor = (i: Interaction) =>
  ROWS.find(([m, path]) => m === i.request.method && path.test(i.request.path));

describe('every example in the pact satisfies the client schemas', () => {
  it('covers every call of the table, and only those', () => {
    const used = new Set(pact.interactions.map(rowFor));
    expect(used.has(undefined)).toBe(false);
    expect(used.size).toBe(ROWS.length);
  });

  it.each(pact.interactions.map((i) => [i.description, i] as const))('%s', (_, interaction) => {
    const row = rowFor(interaction);
    expect(row, `no schema for ${interaction.request.method} ${interaction.request.path}`).toBeDefined();
    const [, , requestSchema, responseSchema] = row as Row;
    const ok = interaction.response.status < 400;
    const json = interaction.request.body?.contentType === 'application/json';
    // Requests refused with 4xx may be invalid on purpose; everything the client sends on success must parse.
    if (requestSchema && ok && json) requestSchema.parse(interaction.request.body?.content);
    (ok ? responseSchema : ErrorBodySchema).parse(interaction.response.body?.content);
  });
});
