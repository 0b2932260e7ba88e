/**
 * Reads a server-sent event stream from a fetch response (the web sends the Authorization header, which EventSource
 * cannot): each complete event (its `event`, `id` and JSON `data`) to `onEvent`; comment lines (heartbeats) are
 * skipped. Settles when the stream ends.
 */
export interface SseMessage {
  event: string;
  id: string | null;
  data: unknown;
}

export async function readSse(
  body: ReadableStream<Uint8Array>,
  onEvent: (m: SseMessage) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      let event = 'message';
      let id: string | null = null;
      let data = '';
      let hasData = false;
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const text = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = text;
        else if (field === 'id') id = text;
        else if (field === 'data') {
          data += (hasData ? '\n' : '') + text;
          hasData = true;
        }
      }
      if (!hasData) continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(data);
      } catch {
        continue;
      }
      onEvent({ event, id, data: parsed });
    }
  }
}
