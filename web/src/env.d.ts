/// <reference types="vite/client" />
declare const __APP_VERSION__: string;
/** The day the web app was built (yyyy-mm-dd): the footer's 'Last updated'. */
declare const __BUILD_DATE__: string;
/** __BUILD_DATE__ as the footer shows it (d MMM yyyy), formatted by the build; '' when it is no date. */
declare const __BUILD_DATE_TEXT__: string;
