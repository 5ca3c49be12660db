/**
 * The forms a secret takes in what a skill prints: as it is, as a URL encodes it (an error quoting
 * the URL it called), as JSON escapes it (a debug dump; Python's json.dumps escapes non-ASCII
 * too), and base64-encoded (an HTTP Basic auth header: base64 of `user:secret`, the user unknown).
 */

/**
 * A shorter piece of base64 text is too likely to be found in ordinary text. 7: the shortest
 * secret hidden (6 bytes) starting 1 or 2 bytes into a 3-byte group is 7 characters of its own.
 */
const SHORTEST_BASE64_PART = 7;
const BASE64_ENCODINGS = ['base64', 'base64url'] as const;

/** Every form of each secret, longest first (a longer form is hidden whole, before its parts). */
export function secretForms(secrets: readonly string[]): string[] {
  const forms = secrets.flatMap((secret) => {
    const json = JSON.stringify(secret).slice(1, -1);
    return [secret, ...urlForms(secret), json, asciiOnly(json), ...base64Forms(secret)];
  });
  return [...new Set(forms)].sort((a, b) => b.length - a.length);
}

/**
 * The secret as URLs write it: encodeURIComponent's form; Python's quote_plus (requests' query
 * parameters: `!'()*` encoded too, a space as "+") and quote (a "/" left as it is); each with its
 * %xx in lower case too, as some libraries write them.
 */
function urlForms(secret: string): string[] {
  const component = encodeURIComponent(secret);
  const strict = component.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const forms = [component, strict, strict.replace(/%20/g, '+'), strict.replace(/%2F/g, '/')];
  return forms.flatMap((form) => [form, form.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase())]);
}

/** JSON text with non-ASCII characters escaped, as Python's json.dumps writes it by default. */
function asciiOnly(json: string): string {
  return json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The secret's base64 and base64url encodings alone, and the parts that stand for it inside any
 * longer encoded text. Base64 writes 6 bits a character, so how the secret is written depends on
 * where it starts (its offset in a 3-byte group) and its first and last characters share bits with
 * its neighbours: for each of the three offsets, the characters made of the secret's bits alone.
 */
function base64Forms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const alone = BASE64_ENCODINGS.map((encoding) => bytes.toString(encoding));
  const inside = [0, 1, 2].flatMap((offset) => {
    const shifted = Buffer.concat([Buffer.alloc(offset), bytes]);
    const first = Math.ceil((8 * offset) / 6);
    const end = Math.floor((8 * shifted.length) / 6);
    return BASE64_ENCODINGS.map((encoding) => shifted.toString(encoding).slice(first, end));
  });
  return [...alone, ...inside.filter((part) => part.length >= SHORTEST_BASE64_PART)];
}
