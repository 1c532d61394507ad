import { useRef } from 'react';
import { LOGIN_FORM_MESSAGES } from '#contract/index.ts';
// Through the login screen's module: one chunk for both (LoginPage.tsx says why).
import { LoginForm, useCompleteSignIn } from './LoginPage.tsx';
import { useModalDialog } from '../../lib/dialog/useModalDialog.ts';
import './auth.css';

export interface LoginDialogProps {
  /** Called once the dialog has closed (Escape, the close button, or after signing in). */
  onClosed: () => void;
}

/**
 * The login dialog that opens on home after a failed guard (spec §2): a real modal dialog, so the page
 * behind it is inert; focus starts on the login name and goes back where it was when it closes.
 */
export default function LoginDialog({ onClosed }: LoginDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const complete = useCompleteSignIn();
  useModalDialog(ref, {
    initialFocus: () => ref.current?.querySelector<HTMLInputElement>('input[name="loginName"]'),
    // Back to what had focus, or to the page's heading when that was nothing in particular.
    fallbackFocus: () => document.getElementById('page-heading'),
    onClosed,
  });

  return (
    <dialog ref={ref} className="modal login-dialog" aria-labelledby="login-dialog-title">
      <div className="modal-header">
        <h2 id="login-dialog-title">Log in</h2>
        <button type="button" className="modal-close" onClick={() => ref.current?.close()}>
          Close<span className="visually-hidden"> the login dialog</span>
        </button>
      </div>
      <p>{LOGIN_FORM_MESSAGES.loginRequired}</p>
      <LoginForm
        onToken={async (token, rememberMe, identity) => {
          await complete(token, rememberMe, identity);
          ref.current?.close();
        }}
      />
    </dialog>
  );
}
