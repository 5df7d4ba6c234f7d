import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type DragEvent, useRef, useState } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { KnowledgeFile } from '../../machines/botSettings/botForm';
import type {
  knowledgeUploadMachine,
  UploadItem,
} from '../../machines/botSettings/knowledgeUpload/knowledgeUpload.machine';
import { KNOWLEDGE_FILE_MAX_MB } from '../../machines/botSettings/knowledgeUpload/limits';
import { Alert } from '../ui/Alert';
import { Button, IconButton } from '../ui/Button';
import { Muted } from '../ui/Card';
import { SpreadRow } from '../ui/Cluster';
import { formatFileSize } from '../ui/format';
import { AlertIcon, CheckIcon, CloseIcon, RefreshIcon } from '../ui/icons';
import { PlainList } from '../ui/PlainList';
import { useText } from '../ui/text';
import { useEditor, useEditorActor } from './context';
import { UploadProgressBar } from './UploadProgressBar';

export type UploadsActor = ActorRefFrom<typeof knowledgeUploadMachine>;

const ACCEPT =
  '.pdf,.doc,.docx,.txt,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain';

const Zone = styled.div<{ $over: boolean }>`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(4)};
  border: 2px dashed ${({ theme, $over }) => ($over ? theme.color.primary : theme.color.borderStrong)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme, $over }) => ($over ? theme.color.primarySoft : theme.color.surfaceAlt)};
  text-align: center;
  transition: background ${({ theme }) => theme.motion.fast};
  strong { font-size: ${({ theme }) => theme.font.size.md}; }
`;

const List = styled(PlainList)`
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  > li + li { border-top: 1px solid ${({ theme }) => theme.color.border}; }
`;

const Row = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(2.5)} ${({ theme }) => theme.space(3)};
`;

const FileName = styled.div`
  min-width: 0;
  strong {
    display: block;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`;

const Meta = styled.span<{ $tone?: 'danger' | 'success' }>`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(1.5)};
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.textMuted};
  svg { color: ${({ theme, $tone }) => ($tone ? theme.color[$tone] : 'currentColor')}; }
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(1)};
`;

function RemoveButton({ name, onRemove }: { name: string; onRemove: () => void }) {
  const { t } = useLingui();
  return (
    <IconButton variant="ghost" size="sm" aria-label={t`Remove ${name}`} onClick={onRemove}>
      <CloseIcon size={16} />
    </IconButton>
  );
}

/** The words for how far a file is: waiting, sending (how much of how much, once known), or failed. */
function uploadState(item: UploadItem, current: boolean) {
  if (item.status === 'failed') return 'failed' as const;
  if (!current) return 'waiting' as const;
  return item.progress ? ('sending' as const) : ('starting' as const);
}

function UploadRow({
  item,
  current,
  uploads,
}: {
  item: UploadItem;
  current: boolean;
  uploads: UploadsActor;
}) {
  const { t } = useLingui();
  const text = useText();
  const name = item.name;
  const size = formatFileSize(item.size);
  const state = uploadState(item, current);
  // The queue's rule: a retry is offered only for what it can fix.
  const canRetry = useSelector(uploads, (s) => s.can({ type: 'upload.retried', key: item.key }));
  const sent = item.progress ? formatFileSize(item.progress.loaded) : '';
  const of = item.progress ? formatFileSize(item.progress.total) : size;
  const amount = t`${sent} of ${of}`;
  return (
    <Row aria-busy={current}>
      <FileName>
        <strong title={name}>{name}</strong>
        {state === 'failed' ? (
          <Meta $tone="danger" role="alert">
            {size} · <AlertIcon size={14} />
            {t`Upload failed`}
            {item.error ? `: ${text(item.error)}` : ''}
          </Meta>
        ) : (
          <>
            <Meta>
              {state === 'sending'
                ? amount
                : `${size} · ${state === 'waiting' ? t`Waiting to upload` : t`Uploading…`}`}
            </Meta>
            <UploadProgressBar
              label={t`Upload of ${name}`}
              loaded={state === 'starting' ? null : (item.progress?.loaded ?? 0)}
              total={item.progress?.total ?? item.size}
              valueText={state === 'waiting' ? t`Waiting to upload` : amount}
            />
          </>
        )}
      </FileName>
      <Actions>
        {state === 'failed' ? (
          <>
            {canRetry && (
              <Button size="sm" onClick={() => uploads.send({ type: 'upload.retried', key: item.key })}>
                <RefreshIcon size={14} />
                {t`Retry`}
                <span className="visually-hidden">{name}</span>
              </Button>
            )}
            <RemoveButton
              name={name}
              onRemove={() => uploads.send({ type: 'upload.removed', key: item.key })}
            />
          </>
        ) : (
          <Button
            size="sm"
            variant="ghost"
            aria-label={t`Cancel upload of ${name}`}
            onClick={() => uploads.send({ type: 'upload.cancelled', key: item.key })}
          >
            <CloseIcon size={14} />
            {t`Cancel`}
          </Button>
        )}
      </Actions>
    </Row>
  );
}

function FileRow({ file }: { file: KnowledgeFile }) {
  const { t } = useLingui();
  const actor = useEditorActor();
  const name = file.name;
  return (
    <Row>
      <FileName>
        <strong title={name}>{name}</strong>
        <Meta $tone="success">
          {formatFileSize(file.size)} · <CheckIcon size={14} />
          {t`Uploaded`}
        </Meta>
      </FileName>
      <Actions>
        <RemoveButton
          name={name}
          onRemove={() => actor.send({ type: 'knowledge.removed', id: file.knowledgeFileId })}
        />
      </Actions>
    </Row>
  );
}

/** Drop or pick files; they upload one after another and join the bot's knowledge (saved with the bot). */
export function KnowledgeFiles({ uploads }: { uploads: UploadsActor }) {
  const { t, i18n } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const files = useEditor((s) => s.context.form.knowledge);
  const items = useSelector(uploads, (s) => s.context.items);
  const currentKey = useSelector(uploads, (s) => (s.hasTag('busy') ? s.context.currentKey : null));
  const refused = useSelector(uploads, (s) => s.context.refused);
  const tooLarge = useSelector(uploads, (s) => s.context.tooLarge);
  const limit = `${KNOWLEDGE_FILE_MAX_MB} MB`;

  const add = (list: FileList | null) => {
    if (list && list.length > 0) uploads.send({ type: 'files.added', files: [...list] });
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    add(e.dataTransfer.files);
  };
  const list = new Intl.ListFormat(i18n.locale, { type: 'conjunction' });
  const names = list.format(refused);
  const largeNames = list.format(tooLarge);

  return (
    <>
      <Zone
        $over={over}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <strong>{t`Drag and drop files here`}</strong>
        <Muted>{t`PDF, DOC, DOCX or TXT, up to ${limit} each. You can add several at once.`}</Muted>
        <Button variant="primary" onClick={() => input.current?.click()}>
          {t`Choose files`}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPT}
          hidden
          aria-label={t`Knowledge files to upload`}
          onChange={(e) => {
            add(e.target.files);
            e.target.value = '';
          }}
        />
      </Zone>
      {refused.length + tooLarge.length > 0 && (
        <Alert>
          <SpreadRow>
            <div>
              {refused.length > 0 && (
                <p>{t`Not added: ${names}. Only PDF, DOC, DOCX and TXT files can be uploaded.`}</p>
              )}
              {tooLarge.length > 0 && (
                <p>{t`Too large to upload: ${largeNames}. A file can be at most ${limit}.`}</p>
              )}
            </div>
            <Button size="sm" variant="ghost" onClick={() => uploads.send({ type: 'refused.dismissed' })}>
              {t`Dismiss`}
            </Button>
          </SpreadRow>
        </Alert>
      )}
      {files.length + items.length === 0 ? (
        <Muted>{t`No files yet. The bot answers from its prompt alone until you add some.`}</Muted>
      ) : (
        <List aria-label={t`Knowledge files`}>
          {files.map((file) => (
            <FileRow key={file.knowledgeFileId} file={file} />
          ))}
          {items.map((item) => (
            <UploadRow key={item.key} item={item} current={item.key === currentKey} uploads={uploads} />
          ))}
        </List>
      )}
    </>
  );
}
