import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';

/** The emulator's two origins: `secondary` stands for somewhere else, where no credential may go. */
export type Origin = 'primary' | 'secondary';

/**
 * A key and certificate (PEM) to serve both origins over HTTPS instead of plain HTTP. Only the benchmark uses it:
 * the vendor's SDK, measured beside the action, refuses to send a bearer token over http. Not a scenario knob.
 */
export interface EmulatorTls {
  key: string;
  cert: string;
}

/** The servers the emulator listens on, one per origin, and their connections; what they hear is handle()'s. */
export abstract class Origins {
  /** Connections accepted on every origin: a test sees a client open no more than it needs. */
  connectionsAccepted = 0;
  url = '';
  secondUrl = '';
  private readonly servers: Server[] = [];
  private readonly serverOf = new Map<Origin, Server>();
  private readonly sockets = new Set<Socket>();

  /** Answers one request heard on an origin (the Emulator's router). */
  protected abstract handle(req: IncomingMessage, res: ServerResponse, origin: Origin): Promise<void>;

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await Promise.all(this.servers.map((s) => new Promise((resolve) => s.close(resolve))));
  }

  /** The origin stops accepting connections (they are refused from now on); open ones are dropped. */
  stopListening(origin: Origin): void {
    const server = this.serverOf.get(origin);
    const port = (server?.address() as AddressInfo | null)?.port;
    server?.close();
    for (const socket of this.sockets) if (socket.localPort === port) socket.destroy();
  }

  protected listen(host: string, port: number, origin: Origin, tls?: EmulatorTls): Promise<string> {
    const handler = (req: IncomingMessage, res: ServerResponse) => void this.handle(req, res, origin);
    const server = tls ? createTlsServer(tls, handler) : createServer(handler);
    server.on('connection', (socket) => {
      this.connectionsAccepted++;
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    this.servers.push(server);
    this.serverOf.set(origin, server);
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        const { port: actual } = server.address() as AddressInfo;
        resolve(`${tls ? 'https' : 'http'}://${host}:${actual}`);
      });
    });
  }
}
