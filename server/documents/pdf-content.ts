import { constants, inflateSync } from 'node:zlib';

/**
 * What a PDF holds that runs when it is opened, an applicant's by an officer or an officer's by the applicant
 * (docs/decisions/0092): scripts, actions that start a program, and actions a viewer takes by itself (on
 * opening the file, a page or a form field) other than moving within the document. Read by this small reader
 * of PDF syntax rather than by pdf-lib, which keeps every name it reads for the life of the process, inflates
 * an object stream without a limit, reads only the last definition of an object and takes ten times as long
 * and more (0092 says why each matters).
 */

export type PdfVerdict =
  | { kind: 'clean' }
  /** `found` says what, for the log: a name, or the kind of action that runs by itself. */
  | { kind: 'active'; found: string }
  | { kind: 'encrypted' }
  /** A part a viewer may read that this reader could not, within its bounds: nothing can be said of the file. */
  | { kind: 'unchecked'; why: string };

/** Bounds on the work one file may cost, whatever it holds (0092 gives the times measured). */
export const PDF_LIMITS = {
  /** Bytes inflated from object streams and XFA forms, all together. */
  decodedBytes: 32 * 1024 * 1024,
  /**
   * Bytes parsed, as a multiple of the bytes there are (the file and what was inflated), plus a margin: each
   * object is read once, but an object header inside another object's string or stream is read again from
   * there, as a viewer that follows the cross-reference table to it would.
   */
  readFactor: 2,
  readMargin: 1024 * 1024,
  /** Nesting of arrays and dictionaries; deeper is no PDF a viewer reads. */
  depth: 200,
  /** How far an automatic action's chain of next actions is followed. */
  chain: 32,
};

/** Names whose presence means a script or a program; long enough never to occur by chance in binary data. */
const ACTIVE_NAMES = new Set(['JavaScript', 'Launch', 'OnInstantiate']);

/** A name's end, and a name with `#` escapes, which is decoded before it is compared. */
const NAME_END = '(?=[\\x00\\t\\n\\f\\r ()<>[\\]{}/%]|$)';
const ESCAPED_NAME = '\\/[^\\x00\\t\\n\\f\\r ()<>[\\]{}/%#]*#[^\\x00\\t\\n\\f\\r ()<>[\\]{}/%]*';
/** /ObjStm in the raw bytes of the file and of each object stream, whatever the parser makes of them. */
const RAW_OBJECT_STREAM = new RegExp(`\\/ObjStm${NAME_END}|${ESCAPED_NAME}`, 'g');
/**
 * Those names in the raw bytes too, and where a literal or hex string starts: a name inside one is text, a web
 * address or a title, not a name.
 */
const RAW_TOKEN = new RegExp(`\\(|(?<!<)<(?!<)|\\/(?:JavaScript|Launch|OnInstantiate)${NAME_END}|${ESCAPED_NAME}`, 'g');

/**
 * Where the next `obj` from `at` is that a keyword may end with, in a header (`4 0obj`, `obj4` too) or in
 * `endobj`: where an object starts or ends. The end if none.
 */
function nextObj(bytes: Buffer, text: string, at: number): number {
  for (let i = text.indexOf('obj', at); i !== -1; i = text.indexOf('obj', i + 3)) if (!isLetter(bytes[i + 3])) return i;
  return text.length;
}

/** Each byte's class in PDF syntax: 1 white space, 2 delimiter, 0 regular. */
const CLASS = new Uint8Array(256);
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) CLASS[c] = 1;
for (const c of '()<>[]{}/%') CLASS[c.charCodeAt(0)] = 2;
const isSpace = (byte: number | undefined) => byte !== undefined && CLASS[byte] === 1;
const isRegular = (byte: number | undefined) => byte !== undefined && CLASS[byte] === 0;
const isDigit = (byte: number | undefined) => byte !== undefined && byte >= 0x30 && byte <= 0x39;
const isLetter = (byte: number | undefined) => byte !== undefined && (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7a;

/** A name as viewers read it: `#xx` in either case is the byte xx (pdf-lib decodes upper case only). */
function decodeName(raw: string): string {
  return raw.includes('#')
    ? raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : raw;
}

class Ref {
  readonly num: number;
  constructor(num: number) {
    this.num = num;
  }
}
type Dict = Map<string, Value>;
/** A stream's dictionary and where its data starts; where it ends is known once every object is defined. */
class Stream {
  readonly dict: Dict;
  readonly source: Source;
  readonly start: number;
  constructor(dict: Dict, source: Source, start: number) {
    this.dict = dict;
    this.source = source;
    this.start = start;
  }
}
/** A name is a string (decoded, without its slash); strings, booleans, null and keywords are all `null`. */
type Value = string | Ref | Dict | Value[] | number | Stream | null;

class Unreadable extends Error {}

const nameIs = (value: Value | undefined, name: string) => value === name;

/** The server answers other requests between slices of this much work (bytes read). */
const PAUSE_EVERY = 1024 * 1024;
const pause = () => new Promise((resolve) => setImmediate(resolve));

/** Bytes to parse, with the same bytes as a one-byte string: searching and slicing that costs no native call. */
interface Source {
  bytes: Buffer;
  text: string;
  /**
   * Where the first object the parser gave up on starts, or the first `obj` outside the objects it read whole that
   * it did not take for a header: from there on, a viewer may read what it did not. The end when there is none.
   */
  gaveUpAt: number;
  /** Where each object the parser read whole (on its first reading) starts and ends, in pairs. */
  whole: number[];
}

/** Reads one PDF: every object found by its `N G obj` header, then the objects of its object streams. */
class Inspection {
  private active: string | null = null;
  private encrypted = false;
  private unchecked: string | null = null;
  private readonly sources: Source[];
  /**
   * Where each object is defined, as [number, source, offset] triples: every definition, since a viewer reads
   * the one its cross-reference table names, which may be any of them. Read again when a reference to it
   * matters, rather than kept: a file of many small objects would otherwise fill the heap.
   */
  private readonly places: number[] = [];
  /** The places by object number, made when a reference is first followed: most files follow none. */
  private index: Map<number, number[]> | null = null;
  private readonly resolved = new Map<number, Value[]>();
  private readonly automatic: Value[] = [];
  private readonly additional: Value[] = [];
  private readonly forms: Value[] = [];
  private readonly objectStreams: Stream[] = [];
  private rawObjectStreams = 0;
  private decoded = 0;
  private read = 0;
  private toRead: number;

  constructor(file: Buffer) {
    this.sources = [{ bytes: file, text: file.toString('latin1'), gaveUpAt: file.length, whole: [] }];
    this.toRead = file.length;
  }

  async run(): Promise<PdfVerdict> {
    const file = this.sources[0]!;
    await this.parseTopLevel(file);
    await this.scanRaw(file);
    for (const stream of this.objectStreams) {
      if (this.unchecked) break;
      const source = await this.parseObjectStream(stream);
      if (source) await this.scanRaw(source);
    }
    if (this.rawObjectStreams > this.objectStreams.length) this.unchecked ??= 'an object stream could not be read';
    for (const action of this.automatic) this.automaticAction(action, 0, new Set());
    for (const entry of this.additional)
      for (const actions of this.resolve(entry))
        if (actions instanceof Map) for (const action of actions.values()) this.automaticAction(action, 0, new Set());
    for (const form of this.forms) this.xfa(form);
    if (this.active) return { kind: 'active', found: this.active };
    if (this.encrypted) return { kind: 'encrypted' };
    if (this.unchecked) return { kind: 'unchecked', why: this.unchecked };
    return { kind: 'clean' };
  }

  /**
   * The raw bytes' names: /ObjStm wherever it is; a script's or a program's name unless it is in a string where
   * the parser's reading is the only one: within an object it read whole, before any `obj` in that object.
   * There the parser read the object as a viewer reads it and told each name it read, so a name in what this
   * scan takes for a string is text, or was found already. Anywhere else this scan's strings are guesses (it
   * reads from the file's start, a viewer from where its cross-reference table says): a `(` in a comment or in
   * a stream's data opened one up to the end of the file, over an object headed in a way the parser did not
   * read (0092). An `obj` within an object may head another that a viewer reads; one outside every object read
   * whole that the parser did not take for a header, or an object it gave up on, may start a reading that runs
   * on into the objects after it: from there on, names count in strings too.
   */
  private async scanRaw(source: Source): Promise<void> {
    const { bytes, text, gaveUpAt } = source;
    for (const match of text.matchAll(RAW_OBJECT_STREAM))
      if (decodeName(match[0].slice(1)) === 'ObjStm') this.rawObjectStreams += 1;
    await pause();
    const whole = byStart(source.whole);
    const tokens = new RegExp(RAW_TOKEN); // its own lastIndex: inspections of other uploads run between the pauses
    let object = -2; // the last object read whole that starts before here, as an index into `whole`
    let passable = 0; // where its strings stop being passed over: its end, its first `obj`, or gaveUpAt
    let keyword = -1; // the first `obj` after where that object starts, once looked for
    let angle = -1; // the next `>`, once looked for
    let pausedAt = 0;
    for (let match = tokens.exec(text); match; match = tokens.exec(text)) {
      const at = match.index;
      if (match[0] === '(' || match[0] === '<') {
        if (at >= gaveUpAt) continue;
        if (object + 2 < whole.length && whole[object + 2]! <= at) {
          do object += 2;
          while (object + 2 < whole.length && whole[object + 2]! <= at);
          if (keyword < whole[object]!) keyword = nextObj(bytes, text, whole[object]!);
          passable = Math.min(whole[object + 1]!, keyword, gaveUpAt);
        }
        if (at >= passable) continue; // its names count
        let close = -1;
        if (match[0] === '(') close = stringEnd(bytes, at, passable);
        else {
          if (angle < at) {
            const found = text.indexOf('>', at);
            angle = found === -1 ? text.length : found;
          }
          if (angle < passable) close = angle + 1;
        }
        tokens.lastIndex = close === -1 ? passable : close;
      } else {
        const name = decodeName(match[0].slice(1));
        if (ACTIVE_NAMES.has(name)) this.active ??= name;
      }
      if (tokens.lastIndex - pausedAt > PAUSE_EVERY) {
        pausedAt = tokens.lastIndex;
        await pause();
      }
    }
  }

  private async parseTopLevel(file: Source): Promise<void> {
    const { bytes, text } = file;
    let pausedAt = 0;
    let wholeTo = 0; // the furthest end of the objects read whole so far
    for (let at = text.indexOf('obj'); at !== -1; at = text.indexOf('obj', at + 3)) {
      const numbers = isRegular(bytes[at + 3]) ? [] : headersBefore(bytes, text, at);
      if (numbers.length === 0) {
        // Where a header's `obj` may be, outside the objects read whole: a viewer may read an object from there.
        if (at >= wholeTo && !isLetter(bytes[at - 1]) && !isLetter(bytes[at + 3]))
          file.gaveUpAt = Math.min(file.gaveUpAt, at);
        continue;
      }
      for (const num of numbers) this.define(num, 0, at + 3);
      if (this.parse(new Reader(file, at + 3, bytes.length, this), true, true) === false) return;
      wholeTo = Math.max(wholeTo, file.whole[file.whole.length - 1] ?? 0);
      if (this.read - pausedAt > PAUSE_EVERY) {
        pausedAt = this.read;
        await pause();
      }
    }
    // Its trailers, where an encrypted file names its encryption dictionary.
    for (let at = text.indexOf('trailer'); at !== -1; at = text.indexOf('trailer', at + 7)) {
      const reader = new Reader(file, at + 7, bytes.length, this);
      reader.space();
      if (!text.startsWith('<<', reader.at)) continue;
      const trailer = this.parse(reader, false);
      if (trailer === false) return;
      if (trailer instanceof Map && trailer.has('Encrypt')) this.encrypted = true;
    }
  }

  /** Reads an object stream's objects; its bytes, for the raw scan, unless they could not be inflated. */
  private async parseObjectStream(stream: Stream): Promise<Source | null> {
    const bytes = this.decode(stream);
    if (!bytes) return null;
    // Until its index is read, no object in it is: the parser has given up on all of it.
    const found: Source = { bytes, text: bytes.toString('latin1'), gaveUpAt: 0, whole: [] };
    const source = this.sources.push(found) - 1;
    const count = stream.dict.get('N');
    const first = stream.dict.get('First');
    if (typeof count !== 'number' || typeof first !== 'number' || first < 0 || first > bytes.length) return found;
    const index = new Reader(found, 0, first, this);
    for (let i = 0; i < count; i++) {
      let num: Value, offset: Value;
      try {
        num = index.value(0);
        offset = index.value(0);
      } catch {
        return found;
      }
      if (typeof num !== 'number' || typeof offset !== 'number' || offset < 0 || first + offset > bytes.length)
        continue;
      this.define(num, source, first + offset);
      if (this.parse(new Reader(found, first + offset, bytes.length, this), false, true) === false) return found;
      if (i % 1000 === 999) await pause();
    }
    found.gaveUpAt = bytes.length;
    return found;
  }

  /**
   * Parses one object, charging what it read; false once past the bound, which leaves the file unchecked. On
   * the first reading, an object read whole is noted for the raw scan.
   */
  private parse(reader: Reader, topLevel: boolean, first = false): Value | false {
    const from = reader.at;
    let value: Value = null;
    try {
      value = topLevel ? reader.topLevel() : reader.value(0);
      if (first) reader.source.whole.push(from, reader.at);
    } catch (error) {
      if (!(error instanceof Unreadable)) throw error;
      reader.source.gaveUpAt = Math.min(reader.source.gaveUpAt, from);
    }
    this.read += reader.at - from;
    if (this.read <= PDF_LIMITS.readFactor * this.toRead + PDF_LIMITS.readMargin) return value;
    this.unchecked ??= 'too much to read';
    return false;
  }

  private define(num: number, source: number, at: number): void {
    this.places.push(num, source, at);
    // Once made, the index is kept whole: an object stream read later may define an object looked up before.
    if (this.index) this.indexPlace(num, source, at);
  }

  private indexPlace(num: number, source: number, at: number): void {
    const found = this.index!.get(num);
    if (found) found.push(source, at);
    else this.index!.set(num, [source, at]);
    this.resolved.delete(num);
  }

  /** Told every dictionary entry as it is read, so that a broken object still counts for what it holds. */
  entry(key: string, value: Value): void {
    if (key === 'JS') this.active ??= 'JS';
    else if (key === 'OpenAction') this.automatic.push(value);
    else if (key === 'AA') this.additional.push(value);
    else if (key === 'XFA') this.forms.push(value);
  }

  /** Told every name as it is read. */
  name(name: string): void {
    if (ACTIVE_NAMES.has(name)) this.active ??= name;
  }

  /** Told every stream the first reading finds; a cross-reference stream's dictionary is the trailer. */
  stream(stream: Stream): void {
    if (nameIs(stream.dict.get('Type'), 'ObjStm')) this.objectStreams.push(stream);
    else if (nameIs(stream.dict.get('Type'), 'XRef') && stream.dict.has('Encrypt')) this.encrypted = true;
  }

  /** A value as what it may be: a reference is every definition of its object, a missing object none. */
  private resolve(value: Value): Value[] {
    if (!(value instanceof Ref)) return [value];
    let values = this.resolved.get(value.num);
    if (!values) {
      values = [];
      if (!this.index) {
        this.index = new Map();
        for (let i = 0; i < this.places.length; i += 3)
          this.indexPlace(this.places[i]!, this.places[i + 1]!, this.places[i + 2]!);
      }
      const places = this.index.get(value.num) ?? [];
      for (let i = 0; i < places.length; i += 2) {
        const source = places[i]!;
        const reader = new Reader(this.sources[source]!, places[i + 1]!, this.sources[source]!.bytes.length, null);
        const read = this.parse(reader, source === 0);
        if (read === false) break;
        values.push(read);
      }
      this.resolved.set(value.num, values);
    }
    return values;
  }

  /**
   * An action a viewer takes by itself (the document's OpenAction, an AA entry): only a destination, a GoTo
   * or a turn of the page may run so, and its next actions likewise.
   */
  private automaticAction(value: Value, depth: number, seen: Set<number>): void {
    if (this.active || depth > PDF_LIMITS.chain) return;
    if (value instanceof Ref) {
      if (seen.has(value.num)) return;
      seen.add(value.num);
    }
    for (const action of this.resolve(value)) {
      if (!(action instanceof Map)) continue; // a destination: an array, a name or a string
      const type = action.get('S');
      if (typeof type === 'string' && type !== 'GoTo' && !(type === 'Named' && turnsPage(action.get('N')))) {
        this.active = `${type} action that runs by itself`;
        return;
      }
      const next = action.get('Next');
      for (const item of Array.isArray(next) ? next : next === undefined ? [] : [next])
        this.automaticAction(item, depth + 1, seen);
    }
  }

  /**
   * An XFA form: XML packets in streams, read as one document (an element may start in one packet and end in
   * the next), where a script is an element, not a PDF name (docs/decisions/0092). Its `<submit>` (and
   * `<execute>`, a web service call) send the form's data, on any event a form declares, opening included.
   * A document type can declare entities that become elements when the XML is read, and an encoding other
   * than UTF-8 or UTF-16 hides the markup from this search: neither is checked, so the file is not either.
   */
  private xfa(value: Value): void {
    const parts = this.resolve(value).flatMap((v) => (Array.isArray(v) ? v.filter((p) => p instanceof Ref) : [v]));
    let xml = '';
    for (const part of parts)
      for (const stream of this.resolve(part)) {
        const bytes = stream instanceof Stream ? this.decode(stream) : null;
        if (bytes) xml += xmlText(bytes);
      }
    if (/<(?:[^\s<>/:!?]+:)?script[\s/>]/i.test(xml)) this.active ??= 'XFA script';
    else if (/<(?:[^\s<>/:!?]+:)?(?:submit|execute)[\s/>]/i.test(xml)) this.active ??= 'XFA submission';
    else if (/<!(?:DOCTYPE|ENTITY)/i.test(xml)) this.unchecked ??= 'an XFA form declares a document type';
    // XML starts with its markup and holds no NUL: else it is in an encoding this does not read (UTF-32, UTF-7,
    // EBCDIC, or UTF-16 split with no mark on a packet).
    else if (xml.includes('\0') || !/^[\ufeff\s]*(?:<|$)/.test(xml))
      this.unchecked ??= 'an XFA form is in an encoding this reader does not read';
  }

  /**
   * A stream's bytes up to where its /Length says, when `endstream` follows there: for a reference, any
   * definition of the object it names, the longest (a shorter one reads a part of it). Else up to the end of the
   * file: deflated data ends where it says, and the first `endstream` may be inside it, where a viewer that knows
   * the length reads on.
   */
  private data(stream: Stream): Buffer {
    const { source, start } = stream;
    let end = -1;
    for (const length of this.resolve(stream.dict.get('Length') ?? null))
      if (typeof length === 'number' && length >= 0 && start + length > end && endstreamAt(source, start + length))
        end = start + length;
    return source.bytes.subarray(start, end === -1 ? source.bytes.length : end);
  }

  /** A stream's bytes, inflated within the bound; null, and the file unchecked, when that cannot be done. */
  private decode(stream: Stream): Buffer | null {
    const filter = stream.dict.get('Filter');
    const filters = Array.isArray(filter) ? filter : filter === undefined ? [] : [filter];
    const params = stream.dict.get('DecodeParms');
    const predicted = [params, ...(Array.isArray(params) ? params : [])].some((p) => {
      const predictor = p instanceof Map ? p.get('Predictor') : undefined;
      return typeof predictor === 'number' && predictor > 1;
    });
    let data: Buffer;
    if (filters.length === 0) data = this.data(stream);
    else if (filters.length === 1 && (nameIs(filters[0], 'FlateDecode') || nameIs(filters[0], 'Fl')) && !predicted) {
      const room = PDF_LIMITS.decodedBytes - this.decoded;
      try {
        if (room <= 0) throw new RangeError('no room left');
        // A stream cut short is read as far as it goes, as viewers read it.
        data = inflateSync(this.data(stream), { maxOutputLength: room, finishFlush: constants.Z_SYNC_FLUSH });
      } catch (error) {
        // Past the bound, node:zlib throws a RangeError; damaged data, an error of its own.
        this.unchecked ??= error instanceof RangeError ? 'past the bound on inflated bytes' : 'a stream is damaged';
        return null;
      }
    } else {
      // Object streams and XFA forms are deflated by every writer; another filter is a file made to hide.
      this.unchecked ??= 'a stream has a filter this reader does not read';
      return null;
    }
    this.decoded += data.length;
    this.toRead += data.length;
    return data;
  }
}

/** The named actions every viewer knows, which move within the document (others may name a menu command). */
const turnsPage = (name: Value | undefined) =>
  typeof name === 'string' && ['NextPage', 'PrevPage', 'FirstPage', 'LastPage'].includes(name);

/**
 * The object numbers of the `N G obj` headers whose `obj` starts at `at`: usually one, none, or more when a
 * comment could start at more than one `%` (a viewer reads from the offset its cross-reference table names). The
 * parts are numbers as a viewer's lexer reads them (`numbersIn`), apart by white space, which may hold comments
 * (ISO 32000 §7.2.3), or by nothing where a number ends by itself: pdf.js reads `4 0obj`, `4+0obj` and
 * `4\n0obj` as `4 0 obj`, and a header pdf.js read and this did not hid its object's actions (0092). What comes
 * before the number is not looked at: a header run on from the previous `endobj` is still one a viewer reads.
 */
function headersBefore(bytes: Buffer, text: string, at: number): number[] {
  if (isLetter(bytes[at - 1])) return []; // `endobj`: a word, to every lexer, not a number and `obj`
  // The usual `12 0 obj`, digits after a byte no number holds (or a line break) and single spaces, gives what
  // the reading below gives, without its work: that work made a file of 400,000 small objects cost a quarter more.
  if (bytes[at - 1] === 0x20) {
    let g = at - 2;
    while (isDigit(bytes[g])) g--;
    let n = g - 1;
    while (bytes[g] === 0x20 && n > g - 11 && isDigit(bytes[n])) n--;
    const before = bytes[n];
    if (g < at - 2 && n < g - 1 && n > g - 11 && (!inNumber(before) || before === 0x0a || before === 0x0d))
      return [Number(text.slice(n + 1, g))];
  }
  const numbers: number[] = [];
  const add = (num: number) => {
    if (Number.isSafeInteger(num) && num >= 0 && !numbers.includes(num)) numbers.push(num + 0); // -0 is 0
  };
  const gen: NumbersRead = { count: 0, last: 0, beforeLast: 0, from: 0 };
  const num: NumbersRead = { ...gen };
  for (const genEnd of spaceBefore(bytes, at - 1, [])) {
    if (!numbersIn(bytes, numberFrom(bytes, genEnd, Infinity), genEnd + 1, gen)) continue;
    if (gen.count > 1) add(gen.beforeLast);
    else if (isSpace(bytes[gen.from - 1]))
      for (const numEnd of spaceBefore(bytes, gen.from - 1, [])) {
        // A viewer may start reading anywhere in a run of digits: as well as the number from where the run
        // starts (within a bound), the last ten digits, as they always were.
        if (numbersIn(bytes, numberFrom(bytes, numEnd, 64), numEnd + 1, num)) add(num.last);
        let j = numEnd;
        while (j > numEnd - 10 && isDigit(bytes[j])) j--;
        if (j < numEnd) add(Number(text.slice(j + 1, numEnd + 1)));
      }
  }
  return numbers;
}

/** The bytes of a number as pdf.js's lexer reads one: digits, signs, points, exponents, line breaks after a sign. */
const NUMBER = new Uint8Array(256);
for (const c of '0123456789+-.eE\n\r') NUMBER[c.charCodeAt(0)] = 1;
const inNumber = (byte: number | undefined) => byte !== undefined && NUMBER[byte] === 1;

/** Where the bytes that may be numbers, ending at `end`, start; at most `bound` of them. */
function numberFrom(bytes: Buffer, end: number, bound: number): number {
  let i = end;
  while (i >= 0 && end - i < bound && inNumber(bytes[i])) i--;
  return i + 1;
}

/** How many numbers `numbersIn` read, the last two, and where the first starts. */
interface NumbersRead {
  count: number;
  last: number;
  beforeLast: number;
  from: number;
}
/** A byte before `to`; -1, no byte at all, from there on. */
const byteAt = (bytes: Buffer, i: number, to: number) => (i < to ? bytes[i]! : -1);

/**
 * Whether numbers fill `bytes[from, to)` as pdf.js's lexer reads them (its getNumber): `read` then says how
 * many, the last two, and where the first starts. A number is a sign (or two minus signs), line breaks, a point,
 * digits, minus signs passed over, a point, an exponent; it ends at the first byte that cannot go on, which starts
 * the next one (`4+0` is 4 and 0, `4.0.0` 4 and 0); line breaks between numbers are white space. A sign or point
 * with no digit is 0 when white space, `(` or `<` follows. A byte no number starts with (an `e`) ends every
 * reading that meets it there, and a viewer may start reading anywhere: the reading starting after it is tried.
 */
function numbersIn(bytes: Buffer, from: number, to: number, read: NumbersRead): boolean {
  read.count = 0;
  for (let i = from; i < to;) {
    const start = i;
    let c = byteAt(bytes, i, to);
    if (c === 0x0a || c === 0x0d) {
      i++;
      continue;
    }
    let sign = 1;
    if (c === 0x2d) {
      sign = -1;
      if (byteAt(bytes, ++i, to) === 0x2d) i++;
    } else if (c === 0x2b) i++;
    while (byteAt(bytes, i, to) === 0x0a || byteAt(bytes, i, to) === 0x0d) i++;
    let divideBy = 0;
    if (byteAt(bytes, i, to) === 0x2e) {
      divideBy = 10;
      i++;
    }
    let value = 0;
    if (isDigit(byteAt(bytes, i, to))) {
      value = byteAt(bytes, i, to) - 0x30;
      let power = 0;
      let powerSign = 1;
      let exponent = false;
      for (c = byteAt(bytes, ++i, to); c !== -1; c = byteAt(bytes, ++i, to)) {
        if (isDigit(c)) {
          if (exponent) power = power * 10 + c - 0x30;
          else {
            if (divideBy !== 0) divideBy *= 10;
            value = value * 10 + c - 0x30;
          }
        } else if (c === 0x2e && divideBy === 0) divideBy = 1;
        else if (c === 0x2d) continue;
        else if (c === 0x45 || c === 0x65) {
          const next = byteAt(bytes, i + 1, to);
          if (next === 0x2b || next === 0x2d) {
            powerSign = next === 0x2d ? -1 : 1;
            i++;
          } else if (!isDigit(next)) break;
          exponent = true;
        } else break;
      }
      if (divideBy !== 0) value /= divideBy;
      if (exponent) value *= 10 ** (powerSign * power);
    } else if (i === start || i < to || !(isSpace(bytes[to]) || bytes[to] === 0x28 || bytes[to] === 0x3c)) {
      read.count = 0;
      i = start + 1;
      continue;
    }
    if (read.count++ === 0) read.from = start;
    read.beforeLast = read.last;
    read.last = sign * value;
  }
  return read.count > 0;
}

/**
 * Where the token before the white space and comments that end at `i` may end. A comment runs from a `%` to the
 * end of its line, and which `%` starts it depends on where reading began: each `%` of the line is tried.
 */
function spaceBefore(bytes: Buffer, i: number, ends: number[]): number[] {
  let lineEnded = false;
  for (; isSpace(bytes[i]); i--) lineEnded ||= bytes[i] === 0x0a || bytes[i] === 0x0d;
  ends.push(i);
  for (let k = i; lineEnded && k >= 0 && bytes[k] !== 0x0a && bytes[k] !== 0x0d; k--)
    if (bytes[k] !== 0x25) continue;
    else if (isSpace(bytes[k - 1])) spaceBefore(bytes, k - 1, ends);
    else ends.push(k - 1);
  return ends;
}

/** [start, end] pairs by their start: an object stream's index may list its objects in any order. */
function byStart(pairs: number[]): number[] {
  for (let i = 2; i < pairs.length; i += 2)
    if (pairs[i]! < pairs[i - 2]!)
      return Array.from({ length: pairs.length / 2 }, (_, k) => k)
        .sort((a, b) => pairs[2 * a]! - pairs[2 * b]!)
        .flatMap((k) => [pairs[2 * k]!, pairs[2 * k + 1]!]);
  return pairs;
}

const ENDS_AN_OBJECT = new Set(['obj', 'endobj', 'stream', 'endstream', 'xref', 'trailer', 'startxref']);

/** Where the literal string opened at `at` ends, after its `)`, or -1: nested parentheses and escapes count. */
function stringEnd(bytes: Buffer, at: number, end: number): number {
  let depth = 0;
  while (at < end) {
    const byte = bytes[at++];
    if (byte === 0x5c) at++;
    else if (byte === 0x28) depth++;
    else if (byte === 0x29 && --depth === 0) return at;
  }
  return -1;
}

/** Whether `endstream` follows white space at `at`: where a stream's /Length must end it. */
function endstreamAt(source: Source, at: number): boolean {
  if (!Number.isInteger(at) || at < 0 || at > source.bytes.length) return false;
  const reader = new Reader(source, at, source.bytes.length, null);
  reader.space();
  return source.text.startsWith('endstream', reader.at);
}

/** Reads PDF values from `at` up to `end`, telling the inspection (on the first reading) each entry. */
class Reader {
  at: number;
  readonly source: Source;
  private readonly bytes: Buffer;
  private readonly text: string;
  private readonly end: number;
  private readonly inspection: Inspection | null;

  constructor(source: Source, at: number, end: number, inspection: Inspection | null) {
    this.source = source;
    this.bytes = source.bytes;
    this.text = source.text;
    this.at = at;
    this.end = end;
    this.inspection = inspection;
  }

  /** An indirect object's value; a dictionary followed by `stream` is a stream, its end found as viewers do. */
  topLevel(): Value {
    const value = this.value(0);
    if (!(value instanceof Map)) return value;
    this.space();
    if (!this.text.startsWith('stream', this.at)) return value;
    this.at += 6;
    if (this.bytes[this.at] === 0x0d) this.at++;
    if (this.bytes[this.at] === 0x0a) this.at++;
    const start = this.at;
    const length = value.get('Length');
    let end =
      typeof length === 'number' && length >= 0 && endstreamAt(this.source, start + length) ? start + length : -1;
    if (end === -1) {
      end = this.text.indexOf('endstream', start);
      if (end === -1) end = this.end;
    }
    this.at = Math.min(end + 9, this.end);
    const stream = new Stream(value, this.source, start);
    this.inspection?.stream(stream);
    return stream;
  }

  value(depth: number): Value {
    if (depth > PDF_LIMITS.depth) throw new Unreadable('too deep');
    this.space();
    if (this.at >= this.end) throw new Unreadable('end of data');
    const byte = this.bytes[this.at]!;
    if (byte === 0x2f) return this.name();
    if (byte === 0x3c) return this.bytes[this.at + 1] === 0x3c ? this.dict(depth) : this.hexString();
    if (byte === 0x28) return this.string();
    if (byte === 0x5b) return this.array(depth);
    if (isDigit(byte) || byte === 0x2b || byte === 0x2d || byte === 0x2e) return this.numberOrRef();
    if (!isRegular(byte)) throw new Unreadable('unexpected delimiter');
    // A keyword that ends an object ends this one: what follows is another object, read from its own header.
    if (ENDS_AN_OBJECT.has(this.word())) throw new Unreadable('object ended');
    return null; // true, false, null, or a keyword viewers pass over
  }

  private dict(depth: number): Dict {
    this.at += 2;
    const dict: Dict = new Map();
    for (;;) {
      this.space();
      if (this.at >= this.end) throw new Unreadable('unterminated dictionary');
      if (this.bytes[this.at] === 0x3e && this.bytes[this.at + 1] === 0x3e) {
        this.at += 2;
        return dict;
      }
      if (this.bytes[this.at] !== 0x2f) {
        this.value(depth + 1); // viewers pass over what is no key
        continue;
      }
      const key = this.name();
      const value = this.value(depth + 1);
      dict.set(key, value);
      this.inspection?.entry(key, value);
    }
  }

  private array(depth: number): Value[] {
    this.at++;
    const items: Value[] = [];
    for (;;) {
      this.space();
      if (this.at >= this.end) throw new Unreadable('unterminated array');
      if (this.bytes[this.at] === 0x5d) {
        this.at++;
        return items;
      }
      items.push(this.value(depth + 1));
    }
  }

  private name(): string {
    const start = ++this.at;
    let escaped = false;
    for (let byte = this.bytes[this.at]; this.at < this.end && isRegular(byte); byte = this.bytes[++this.at])
      if (byte === 0x23) escaped = true;
    const raw = this.text.slice(start, this.at);
    const name = escaped ? decodeName(raw) : raw;
    this.inspection?.name(name);
    return name;
  }

  private word(): string {
    const start = this.at;
    while (this.at < this.end && isRegular(this.bytes[this.at])) this.at++;
    return this.text.slice(start, this.at);
  }

  private numberOrRef(): number | Ref {
    const start = this.at;
    let number = 0;
    while (this.at < this.end && isDigit(this.bytes[this.at])) number = number * 10 + this.bytes[this.at++]! - 0x30;
    if (isRegular(this.bytes[this.at]) || this.at === start) {
      this.at = start;
      const real = Number(this.word()); // a sign, a point, or no number at all
      return Number.isFinite(real) ? real : 0;
    }
    const after = this.at;
    this.space();
    if (isDigit(this.bytes[this.at])) {
      while (this.at < this.end && isDigit(this.bytes[this.at])) this.at++;
      this.space();
      if (this.bytes[this.at] === 0x52 && !isRegular(this.bytes[this.at + 1])) {
        this.at++;
        return new Ref(number);
      }
    }
    this.at = after;
    return number;
  }

  private string(): null {
    const close = stringEnd(this.bytes, this.at, this.end);
    this.at = close === -1 ? this.end : close; // read to there: what it cost is charged
    if (close === -1) throw new Unreadable('unterminated string');
    return null;
  }

  private hexString(): null {
    const close = this.text.indexOf('>', this.at);
    if (close === -1 || close >= this.end) throw new Unreadable('unterminated hex string');
    this.at = close + 1;
    return null;
  }

  space(): void {
    while (this.at < this.end) {
      const byte = this.bytes[this.at]!;
      if (CLASS[byte] === 1) this.at++;
      else if (byte === 0x25) {
        while (this.at < this.end && this.bytes[this.at] !== 0x0a && this.bytes[this.at] !== 0x0d) this.at++;
      } else return;
    }
  }
}

/** What a PDF (judged one by its first bytes) holds that runs, whether it is encrypted, or that it could not be read. */
export async function inspectPdf(content: Uint8Array): Promise<PdfVerdict> {
  const file = Buffer.isBuffer(content) ? content : Buffer.from(content.buffer, content.byteOffset, content.length);
  try {
    return await new Inspection(file).run();
  } catch (error) {
    // A fault of this reader on a file it was not made for: a refusal that says so, never a 500.
    return { kind: 'unchecked', why: `the reader failed: ${String(error)}` };
  }
}

/**
 * An XML packet's text: UTF-16 by its byte order mark or by its first `<` (as an XML reader tells), else the
 * bytes after any UTF-8 mark as they are (the markup of UTF-8 and of the Latin encodings is ASCII).
 */
function xmlText(bytes: Buffer): string {
  const [a, b] = bytes;
  if ((a === 0xff && b === 0xfe) || (a === 0x3c && b === 0x00)) return bytes.toString('utf16le');
  if ((a === 0xfe && b === 0xff) || (a === 0x00 && b === 0x3c)) {
    const swapped = Buffer.from(bytes.subarray(0, bytes.length & ~1)).swap16();
    return swapped.toString('utf16le');
  }
  return bytes.subarray(a === 0xef && b === 0xbb && bytes[2] === 0xbf ? 3 : 0).toString('latin1');
}
