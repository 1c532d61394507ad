import type { ComponentType } from 'react';
import type { ScreenProps } from '../../lib/router/router.ts';
import { OfficerHeader } from './OfficerHeader.tsx';

/**
 * The back office's frame: each of its screens, the finance officer's reconciliation too, opens with who is
 * signed in and their roles, from this one place, so that no screen leaves it out or says it its own way.
 */
export function backOffice(Screen: ComponentType<ScreenProps>): ComponentType<ScreenProps> {
  return function BackOfficeScreen(props: ScreenProps) {
    return (
      <>
        <OfficerHeader />
        <Screen {...props} />
      </>
    );
  };
}
