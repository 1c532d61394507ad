import { StrictMode } from 'react';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAbortSignal } from './useAbortSignal.ts';

function Probe({ seen }: { seen: AbortSignal[] }) {
  seen.push(useAbortSignal());
  return null;
}

const settle = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('useAbortSignal', () => {
  it('stays live while the screen is mounted, StrictMode remount included', async () => {
    const seen: AbortSignal[] = [];
    const view = render(
      <StrictMode>
        <Probe seen={seen} />
      </StrictMode>,
    );
    await settle();
    expect(seen.at(-1)!.aborted).toBe(false);
    view.rerender(
      <StrictMode>
        <Probe seen={seen} />
      </StrictMode>,
    );
    await settle();
    expect(new Set(seen.slice(-2)).size).toBe(1);
    expect(seen.at(-1)!.aborted).toBe(false);
  });

  it('aborts when the screen unmounts', async () => {
    const seen: AbortSignal[] = [];
    const view = render(<Probe seen={seen} />);
    const signal = seen.at(-1)!;
    view.unmount();
    await settle();
    expect(signal.aborted).toBe(true);
  });
});
