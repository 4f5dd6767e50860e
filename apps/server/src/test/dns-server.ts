import { createSocket, type RemoteInfo } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import dnsPacket from 'dns-packet';

/** DNS response codes the test server can answer with (RFC 1035 §4.1.1). */
const RCODE = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3 } as const;

/** What the server does for one name. */
export type DnsBehaviour =
  /** Answer these TXT records (each one string; split into 255-byte parts like real zone files do). */
  | { txt: string[] }
  /** Answer with this error code and no records. */
  | { rcode: 'SERVFAIL' | 'NXDOMAIN' }
  /** Never answer (the client times out). */
  | { silent: true };

/** A real DNS server on 127.0.0.1 (UDP, random port) answering TXT queries from a table the test edits. */
export interface TestDnsServer {
  /** The address for node's resolver and DNS_SERVERS (`127.0.0.1:<port>`). */
  address: string;
  /** Sets what the server answers for a name (case-insensitive, without the trailing dot). */
  set(name: string, behaviour: DnsBehaviour): void;
  /** Forgets a name: it answers NXDOMAIN again. */
  remove(name: string): void;
  /** The questions received, as `TYPE name`, in order. */
  queries: string[];
  close(): Promise<void>;
}

/** Splits a TXT record into character-strings of at most 255 bytes (RFC 1035 §3.3.14). */
export function txtParts(record: string): Buffer[] {
  const bytes = Buffer.from(record, 'utf8');
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 255) parts.push(bytes.subarray(i, i + 255));
  return parts.length > 0 ? parts : [Buffer.alloc(0)];
}

/**
 * Starts an authoritative-looking DNS server for a test. Unknown names answer NXDOMAIN; a known name asked for
 * another type answers NOERROR without records (no data).
 */
export async function startDnsServer(): Promise<TestDnsServer> {
  const table = new Map<string, DnsBehaviour>();
  const queries: string[] = [];
  const socket = createSocket('udp4');
  const key = (name: string) => name.toLowerCase().replace(/\.$/, '');

  socket.on('message', (message: Buffer, remote: RemoteInfo) => {
    let query: dnsPacket.DecodedPacket;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return; // Not a DNS message: ignore it, like a real server would.
    }
    const question = query.questions?.[0];
    if (!question) return;
    queries.push(`${question.type} ${question.name}`);
    const behaviour = table.get(key(question.name));
    if (behaviour && 'silent' in behaviour) return;
    let rcode: number = RCODE.NOERROR;
    const answers: dnsPacket.Answer[] = [];
    if (!behaviour) rcode = RCODE.NXDOMAIN;
    else if ('rcode' in behaviour) rcode = RCODE[behaviour.rcode];
    else if (question.type === 'TXT') {
      for (const record of behaviour.txt) {
        answers.push({
          type: 'TXT',
          name: question.name,
          class: 'IN',
          ttl: 60,
          data: txtParts(record),
        });
      }
    }
    const response = dnsPacket.encode({
      type: 'response',
      id: query.id,
      // The response code lives in the low four bits of the flags.
      flags: dnsPacket.AUTHORITATIVE_ANSWER | dnsPacket.RECURSION_DESIRED | rcode,
      questions: [question],
      answers,
    });
    socket.send(response, remote.port, remote.address);
  });

  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    set: (name, behaviour) => table.set(key(name), behaviour),
    remove: (name) => table.delete(key(name)),
    queries,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
