import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { installDialogStandIn } from '../../../test/dialog.ts';
import { useModalDialog } from './useModalDialog.ts';

beforeAll(() => installDialogStandIn());

function Dialog({ onClosed, fallback }: { onClosed?: () => void; fallback?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  const secondRef = useRef<HTMLButtonElement>(null);
  useModalDialog(ref, {
    initialFocus: () => secondRef.current,
    ...(fallback ? { fallbackFocus: () => document.getElementById('fallback') } : {}),
    ...(onClosed ? { onClosed } : {}),
  });
  return (
    <dialog ref={ref} aria-label="Test dialog">
      <button type="button">First</button>
      <button type="button" ref={secondRef}>
        Second
      </button>
      <button type="button" onClick={() => ref.current?.close()}>
        Close
      </button>
    </dialog>
  );
}

function Page({
  onClosed,
  fallback,
  removeOpener,
}: {
  onClosed?: () => void;
  fallback?: boolean;
  removeOpener?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <h1 id="fallback" tabIndex={-1}>
        Page
      </h1>
      {!(removeOpener && open) && (
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
      )}
      <button type="button" onClick={() => setOpen(false)}>
        Unmount
      </button>
      {open && (
        <Dialog
          fallback={fallback ?? false}
          onClosed={() => {
            onClosed?.();
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

describe('useModalDialog', () => {
  it('opens as a modal with focus where asked, keeps Tab inside, and gives focus back on close', async () => {
    const user = userEvent.setup();
    const onClosed = vi.fn();
    render(<Page onClosed={onClosed} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Test dialog' });
    expect(dialog).toHaveAttribute('open');
    expect(screen.getByRole('button', { name: 'Second' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('gives focus back when the dialog goes without closing (unmounted), once', async () => {
    const user = userEvent.setup();
    const onClosed = vi.fn();
    const { rerender } = render(<Page onClosed={onClosed} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    // The dialog's owner drops it: Unmount is outside the modal, so click it through the DOM.
    screen.getByRole('button', { name: 'Unmount', hidden: true }).click();
    rerender(<Page onClosed={onClosed} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
    expect(onClosed).not.toHaveBeenCalled();
  });

  it('falls back where asked when what had focus is gone', async () => {
    const user = userEvent.setup();
    render(<Page fallback removeOpener />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.queryByRole('button', { name: 'Open' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('heading', { name: 'Page' })).toHaveFocus();
  });
});
