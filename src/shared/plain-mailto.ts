/**
 * A `mailto:` link with addresses and nothing else. One with a query is refused wherever a link
 * may open the mail program: some mail programs take `?attach=/a/local/file` and attach that file
 * to the message, and headers or a body would be written by whoever wrote the link.
 */
export function isPlainMailto(parsed: URL): boolean {
  return parsed.protocol === 'mailto:' && parsed.search === '' && parsed.hash === '' && !parsed.href.includes('?');
}
