import { isEncryptedAnswer, openAnswer, type AnswerKey } from '#contract/crypto/index.ts';

/**
 * The plaintext of an encrypted call's answer, whatever carried it (app.inject in API tests, fetch in the
 * scale tests); null when the answer is not encrypted (a plain refusal made before the body could be
 * decrypted). An encrypted answer that will not open throws, as it should fail a test.
 */
export async function openSealedAnswer(key: AnswerKey, path: string, text: string): Promise<string | null> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  return isEncryptedAnswer(parsed) ? openAnswer(key, path, parsed) : null;
}
