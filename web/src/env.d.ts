/// <reference types="vite/client" />
declare const __APP_VERSION__: string;
/** The day the web app was built (yyyy-mm-dd): the footer's 'Last updated'. */
declare const __BUILD_DATE__: string;
