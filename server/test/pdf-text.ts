import { PDFParse } from 'pdf-parse';

/** A PDF's text as a reader's search finds it: what the tests check a document says. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}
