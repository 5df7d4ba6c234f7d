import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '../ui/Button';
import { Muted } from '../ui/Card';
import { DialogFooter, Modal } from '../ui/Dialog';
import { TextField } from '../ui/Field';
import { TileGrid } from '../ui/TileGrid';
import { TintedMark } from '../ui/TintedMark';

/** Spec section 2: the external sources offered, by their brand names (not translated). */
const INTEGRATIONS = ['Notion', 'Airtable', 'Google Sheets', 'Zapier', 'Make', 'Slack', 'Discord', 'Coda'];

const Tile = styled(Button)`
  justify-content: flex-start;
  min-height: 48px;
`;

const Mark = styled(TintedMark).attrs({ $size: 26, $radius: 'sm' as const })`
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
`;

/**
 * The integration grid. Each opens a small dialog for a link; Connect needs a non-blank link and only closes
 * the dialog (spec: no effect), which the dialog says rather than pretending to connect.
 */
export function Integrations() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [link, setLink] = useState('');
  const close = () => setOpen(false);

  return (
    <>
      <TileGrid $min={150} $gap={2}>
        {INTEGRATIONS.map((integration) => (
          <Tile
            key={integration}
            aria-haspopup="dialog"
            onClick={() => {
              setName(integration);
              setLink('');
              setOpen(true);
            }}
          >
            <Mark aria-hidden="true">{integration.slice(0, 1)}</Mark>
            {integration}
          </Tile>
        ))}
      </TileGrid>
      <Modal
        open={open}
        onClose={close}
        title={t`Connect ${name}`}
        description={t`Paste a link to the ${name} page, base or document your bot should learn from.`}
        width={460}
      >
        <Form
          onSubmit={(e) => {
            e.preventDefault();
            if (link.trim() !== '') close();
          }}
        >
          <TextField
            label={t`Link`}
            type="url"
            inputMode="url"
            placeholder="https://"
            autoFocus
            value={link}
            onChange={(e) => setLink(e.target.value)}
          />
          <Muted>{t`Connections are in early access: the link is not stored yet.`}</Muted>
          <DialogFooter>
            <Button onClick={close}>{t`Cancel`}</Button>
            <Button type="submit" variant="primary" disabled={link.trim() === ''}>
              {t`Connect`}
            </Button>
          </DialogFooter>
        </Form>
      </Modal>
    </>
  );
}
