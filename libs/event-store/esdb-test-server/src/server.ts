import { Server, ServerCredentials, status, type UntypedServiceImplementation } from '@grpc/grpc-js';
import { ServerFeaturesService } from '@eventstore/db-client/generated/serverfeatures_grpc_pb';
import { SupportedMethod, SupportedMethods } from '@eventstore/db-client/generated/serverfeatures_pb';
import { StreamsService } from '@eventstore/db-client/generated/streams_grpc_pb';
import { handleAppend, handleBatchAppend } from './append-service';
import { handleDelete, handleTombstone } from './delete-service';
import { EventLog } from './event-log';
import { handleRead } from './read-service';
import type { OpenCalls, SubscriptionStart } from './subscription';

export interface EsdbTestServerOptions {
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** Default 0: an ephemeral port. */
  readonly port?: number;
}

/** What a real node reports: the client asks once per channel and only then uses `BatchAppend`. */
const SERVER_VERSION = '24.10.0';
const STREAMS = 'event_store.client.streams.Streams';
const ADVERTISED = ['Read', 'Append', 'BatchAppend', 'Delete', 'Tombstone'];

/**
 * A test-only EventStoreDB node speaking the real gRPC protocol (insecure, single node, no gossip) over an
 * in-memory log. Stopping keeps the log, so `restart()` looks to clients like a node that went away and
 * came back.
 */
export class EsdbTestServer {
  readonly log = new EventLog();
  /** Calls served per gRPC method (`Streams.BatchAppend`, `Streams.Append`…): tests check which path a client took. */
  readonly calls = new Map<string, number>();
  private server: Server | null = null;
  /** Every subscription request received, in order (a resubscription shows where it resumed). */
  readonly subscriptions: SubscriptionStart[] = [];
  private readonly openCalls: OpenCalls = new Set();

  private constructor(
    readonly host: string,
    private boundPort: number,
  ) {}

  static async start(options: EsdbTestServerOptions = {}): Promise<EsdbTestServer> {
    const instance = new EsdbTestServer(options.host ?? '127.0.0.1', options.port ?? 0);
    await instance.listen();
    return instance;
  }

  get port(): number {
    return this.boundPort;
  }

  /** `esdb://host:port?tls=false`: a single host, so the client never asks for gossip. */
  get connectionString(): string {
    return `esdb://${this.host}:${this.boundPort}?tls=false`;
  }

  /** Subscriptions and batch-append duplexes currently open (a disposed client leaves none). */
  get openCallCount(): number {
    return this.openCalls.size;
  }

  /** Ends every open subscription and batch-append call with UNAVAILABLE, as a node failure would. */
  interrupt(): void {
    for (const call of [...this.openCalls]) call.interrupt(status.UNAVAILABLE, 'Server is shutting down.');
  }

  async stop(): Promise<void> {
    this.interrupt();
    this.server?.forceShutdown();
    this.server = null;
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.listen();
  }

  private async listen(): Promise<void> {
    const server = new Server({ 'grpc.max_receive_message_length': 17 * 1024 * 1024 });
    server.addService(StreamsService, this.streamsImplementation());
    server.addService(ServerFeaturesService, {
      getSupportedMethods: (_call: unknown, callback: (e: null, m: SupportedMethods) => void) => {
        const methods = ADVERTISED.map((name) =>
          new SupportedMethod().setServiceName(STREAMS).setMethodName(name),
        );
        callback(
          null,
          new SupportedMethods().setMethodsList(methods).setEventStoreServerVersion(SERVER_VERSION),
        );
      },
    });
    this.boundPort = await new Promise<number>((resolve, reject) =>
      server.bindAsync(`${this.host}:${this.boundPort}`, ServerCredentials.createInsecure(), (error, port) =>
        error ? reject(error) : resolve(port),
      ),
    );
    this.server = server;
  }

  private streamsImplementation(): UntypedServiceImplementation {
    const implementation: UntypedServiceImplementation = {
      read: handleRead(this.log, { openCalls: this.openCalls, subscriptions: this.subscriptions }),
      append: handleAppend(this.log),
      batchAppend: handleBatchAppend(this.log, this.openCalls),
      delete: handleDelete(this.log),
      tombstone: handleTombstone(this.log),
    };
    return Object.fromEntries(
      Object.entries(implementation).map(([method, handler]) => [
        method,
        this.counted(`Streams.${method}`, handler),
      ]),
    );
  }

  private counted<H extends (...args: never[]) => void>(name: string, handler: H): H {
    return ((...args: Parameters<H>) => {
      this.calls.set(name, (this.calls.get(name) ?? 0) + 1);
      handler(...args);
    }) as H;
  }
}

/** For benchmarks and ad-hoc tests: a started server and the connection string that reaches it. */
export async function startEsdbTestServer(
  options?: EsdbTestServerOptions,
): Promise<{ readonly connectionString: string; readonly server: EsdbTestServer; stop(): Promise<void> }> {
  const server = await EsdbTestServer.start(options);
  return { connectionString: server.connectionString, server, stop: () => server.stop() };
}
