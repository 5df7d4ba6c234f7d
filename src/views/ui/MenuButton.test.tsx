import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RadioMenu } from './MenuButton';

const options = [
  { value: 'a', label: 'Alpha' },
  { value: 'b', label: 'Beta' },
  { value: 'c', label: 'Gamma' },
] as const;

function setup() {
  render(
    <RadioMenu
      label="Letters"
      triggerLabel="Letter: Beta"
      value="b"
      options={[...options]}
      onChange={() => {}}
    />,
  );
  return userEvent.setup();
}

describe('RadioMenu keyboard', () => {
  it('opens on the checked item; arrows wrap, Home and End jump, Escape closes and returns focus', async () => {
    const u = setup();
    const trigger = screen.getByRole('button', { name: 'Letter: Beta' });
    trigger.focus();
    await u.keyboard('{ArrowDown}');
    const item = (name: string) => screen.getByRole('menuitemradio', { name });
    expect(item('Beta')).toHaveFocus();
    await u.keyboard('{ArrowDown}');
    expect(item('Gamma')).toHaveFocus();
    await u.keyboard('{ArrowDown}');
    expect(item('Alpha')).toHaveFocus();
    await u.keyboard('{ArrowUp}');
    expect(item('Gamma')).toHaveFocus();
    await u.keyboard('{Home}');
    expect(item('Alpha')).toHaveFocus();
    await u.keyboard('{End}');
    expect(item('Gamma')).toHaveFocus();
    await u.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger).toHaveFocus();
  });

  it('Tab closes it', async () => {
    const u = setup();
    screen.getByRole('button', { name: 'Letter: Beta' }).focus();
    await u.keyboard('{ArrowDown}');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await u.keyboard('{Tab}');
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
