/**
 * An outside service's answer body read with a cap (a declared length first, then what actually
 * arrives): null once it is past `maxBytes`, the rest left unread. The callers that reach outside
 * (onlinedev/data-interface-http.ts, sso/provider-fetch.ts) say "too large" in their own words.
 */
export async function cappedBody(response: Response, maxBytes: number): Promise<Uint8Array | null> {
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel();
    return null;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
