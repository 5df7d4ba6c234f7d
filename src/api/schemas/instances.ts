import * as z from 'zod/mini';
import { DateTimeSchema, IdSchema } from './common';

/** Status 1 is online; any other value is offline. */
export const INSTANCE_ONLINE = 1;

/** Connection states reported by the messaging engine; ready and authenticated mean the phone is linked. */
export const InstanceStatusSchema = z.string();
export const CONNECTED_STATUSES = ['ready', 'authenticated'] as const;

/**
 * The most a level-H QR code holds (version 40, byte mode): 1,273 bytes of UTF-8. A longer text cannot be
 * drawn, so an answer carrying one is refused here rather than failing inside the QR renderer.
 */
export const QR_MAX_BYTES = 1273;
const fitsQrCode = (text: string) => new TextEncoder().encode(text).length <= QR_MAX_BYTES;
export const QrCodeSchema = z.string().check(z.refine(fitsQrCode, 'too long for a QR code'));

/**
 * Spec section 3's fields are required; the list and the detail answer the same shape. qrCode is the text to
 * render as a QR image, null when there is no code (yet, or any more). The other fields are not in the spec:
 * a server may leave them out, and fields the client does not know pass through.
 */
export const InstanceSchema = z.looseObject({
  id: IdSchema,
  instanceName: z.string(),
  chatbotId: z.nullable(IdSchema),
  status: z.int(),
  instanceStatus: InstanceStatusSchema,
  qrCode: z.nullable(QrCodeSchema),
  /** Missing or null: the number is not known, and the list leaves the line out. */
  phoneNumber: z.optional(z.nullable(z.string())),
  /** No screen reads it. */
  createdAt: z.optional(DateTimeSchema),
  /** null: never active ("never"); missing: not known, so the list shows "—" rather than claim never. */
  lastActiveAt: z.optional(z.nullable(DateTimeSchema)),
});
export type Instance = z.infer<typeof InstanceSchema>;
export const InstanceListSchema = z.array(InstanceSchema);

export const InstanceUpdateBodySchema = z.object({
  instanceName: z.string().check(z.trim(), z.minLength(1), z.maxLength(60)),
  chatbotId: IdSchema,
});
export type InstanceUpdateBody = z.infer<typeof InstanceUpdateBodySchema>;

/** Usage time range codes of spec section 3. */
export const TimeRange = {
  today: 1,
  last7Days: 2,
  last30Days: 3,
  last365Days: 4,
  thisWeek: 5,
  thisMonth: 6,
  thisYear: 7,
  all: 8,
} as const;
export const TimeRangeSchema = z.union(Object.values(TimeRange).map((v) => z.literal(v)));
export type TimeRangeCode = (typeof TimeRange)[keyof typeof TimeRange];

export const UsageInfoBodySchema = z.object({ timeRange: TimeRangeSchema });

/** Usage info as spec section 3 lists it; fields the client does not know pass through. */
export const UsageInfoSchema = z.looseObject({
  nowInstanceNum: z.int().check(z.nonnegative()),
  maxInstanceNum: z.int(),
  usageInfos: z.array(z.looseObject({ sessionFrom: z.string(), tokenCount: z.int().check(z.nonnegative()) })),
  totalTokenCount: z.int().check(z.nonnegative()),
});
export type UsageInfo = z.infer<typeof UsageInfoSchema>;
