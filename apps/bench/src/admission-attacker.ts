import { request } from 'node:http';
import type { MessagePort } from 'node:worker_threads';

/**
 * bench:admission's attacker, run on a thread of its own (piscina): in the attack reported in issue #32 the attacker
 * and the player are two clients, so the player's request never waits in the attacker's event loop.
 */
export interface BurstTask {
  readonly url: string;
  /** The first burst text's number: each text of a burst is new (`Q<k>`). */
  readonly from: number;
  readonly count: number;
  /** Told once every request of the burst is written to its socket: the player's request is sent after that. */
  readonly written: MessagePort;
}

/** A never-seen 1.4 KB query: 20 aliased `tournament` fields with a fragment of every field. */
function heavyText(k: number): string {
  const fields =
    'id name family format status capacity minTableSize maxTableSize swissRounds registrationClosesAt startsAt startedAt endedAt createdAt organiserId fairnessCommitment seed currentRound ranked revision entrants organiser winner';
  const aliases = Array.from({ length: 20 }, (_, i) => `t${i}: tournament(id: "x${k}-${i}") { ...T }`).join(
    ' ',
  );
  return `query Q${k} { ${aliases} } fragment T on Tournament { ${fields} }`;
}

/**
 * Sends one burst at once, anonymously, each request on a new connection; answers each request's HTTP status (0 when
 * the connection failed).
 */
export default async function sendBurst({ url, from, count, written }: BurstTask): Promise<number[]> {
  let unwritten = count;
  const wrote = () => {
    if (--unwritten === 0) written.postMessage('written');
  };
  const sent = Array.from({ length: count }, (_, i) =>
    post(url, JSON.stringify({ query: heavyText(from + i) }), wrote),
  );
  const statuses = await Promise.all(sent);
  written.close();
  return statuses;
}

function post(url: string, body: string, wrote: () => void): Promise<number> {
  return new Promise((resolve) => {
    const sending = request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    sending.on('error', () => resolve(0));
    sending.end(body, wrote);
  });
}
