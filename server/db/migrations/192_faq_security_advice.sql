-- The FAQ on one-time passwords told users to wait until the first code expired (5 minutes) before asking
-- for another; the sign-in step offers "Send a new code" 30 seconds after a send, up to three codes in all.
-- Guarded by the old text, so an operator's own wording is kept.
UPDATE content_items
   SET body = $t$Check that your phone has signal and wait a minute: SMS messages are sometimes delayed. If no code arrives, select "Send a new code": a new one-time password can be asked for 30 seconds after the last one was sent, and up to three can be sent for one sign-in. If your mobile number has changed, call the helpdesk so that we can update it before you sign in.$t$
 WHERE page_slug = 'faqs' AND anchor = 'one-time-password'
   AND body LIKE '%You can ask for a new one-time password after the first one expires.%';
