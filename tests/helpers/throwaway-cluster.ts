/**
 * A PostgreSQL 15 cluster of a test's own (initdb and pg_ctl of the machine's PostgreSQL, on a free
 * loopback port, without fsync), run as the postgres user (initdb refuses root) and removed
 * afterwards. For tests that stop and start the database under a running server, which the shared
 * test server must never see. Used by database-restart.test.ts and database-at-start.test.ts.
 */
import { execFile as execFileCallback, execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './app-process';

const execFile = promisify(execFileCallback);
const PG_BIN = '/usr/lib/postgresql/15/bin';

export class ThrowawayCluster {
  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private get dataDir(): string {
    return join(this.dir, 'data');
  }

  /** Makes the cluster and, unless `start` is false, starts it. */
  static async create({ start = true }: { start?: boolean } = {}): Promise<ThrowawayCluster> {
    const dir = mkdtempSync(join(tmpdir(), 'pg-throwaway-'));
    const cluster = new ThrowawayCluster(dir, await freePort());
    try {
      const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres']).toString().trim()));
      chownSync(dir, uid!, gid!);
      await cluster.asPostgres('initdb', ['-D', cluster.dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
      if (start) await cluster.start();
      return cluster;
    } catch (error) {
      await cluster.remove();
      throw error;
    }
  }

  /** Fast, unsynced, and on loopback only, with its socket file in its own directory. */
  start(): Promise<unknown> {
    const options = `-F -c fsync=off -c listen_addresses=127.0.0.1 -p ${this.port} -c unix_socket_directories=${this.dir}`;
    return this.asPostgres('pg_ctl', ['-D', this.dataDir, '-l', join(this.dir, 'server.log'), '-o', options, '-w', '-t', '30', 'start']);
  }

  /** `-m fast`: what a restart or failover does to sessions: every backend is terminated (57P01). */
  stop(mode: 'fast' | 'immediate' = 'fast'): Promise<unknown> {
    return this.asPostgres('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', '-t', '30', 'stop']);
  }

  /** Stops the cluster if it runs and deletes everything it wrote. */
  async remove(): Promise<void> {
    await this.stop('immediate').catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }

  private asPostgres(program: string, args: string[]) {
    return execFile('runuser', ['-u', 'postgres', '--', join(PG_BIN, program), ...args], { cwd: this.dir });
  }
}
