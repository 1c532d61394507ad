import { SITE_LINKS } from '#contract/index.ts';
import type { ScreenProps } from '../../lib/router/router.ts';
import { ContentScreen } from './ContentScreen.tsx';

/** One screen per content route (decisions.md §3), all in one lazily loaded chunk. */
export const FaqsScreen = (props: ScreenProps) => (
  <ContentScreen slug="faqs" fallbackTitle={SITE_LINKS.faqs.label} {...props} />
);
export const ContactUsScreen = (props: ScreenProps) => (
  <ContentScreen slug="contact-us" fallbackTitle={SITE_LINKS.contactUs.label} {...props} />
);
export const UsefulLinksScreen = (props: ScreenProps) => (
  <ContentScreen slug="useful-links" fallbackTitle={SITE_LINKS.usefulLinks.label} {...props} />
);
export const PrivacyStatementScreen = (props: ScreenProps) => (
  <ContentScreen slug="privacy-statement" fallbackTitle={SITE_LINKS.privacyStatement.label} {...props} />
);
export const TermsAndConditionsScreen = (props: ScreenProps) => (
  <ContentScreen slug="terms-and-conditions" fallbackTitle={SITE_LINKS.termsAndConditions.label} {...props} />
);
export const TermsOfUseScreen = (props: ScreenProps) => (
  <ContentScreen slug="terms-of-use" fallbackTitle={SITE_LINKS.termsOfUse.label} {...props} />
);
export const ReportVulnerabilityScreen = (props: ScreenProps) => (
  <ContentScreen slug="report-vulnerability" fallbackTitle={SITE_LINKS.reportVulnerability.label} {...props} />
);
