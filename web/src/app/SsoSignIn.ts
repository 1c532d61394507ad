// The login screen (auth) offers single sign-on (sso) where the deployment has it: handed over here, as
// features import no other feature (web/src/app/parts.ts). A file of its own, as it loads lazily.
export { SsoSignIn } from '../features/sso/SsoSignIn.tsx';
