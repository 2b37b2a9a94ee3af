import type { Database, Db } from '../core/db.js';
import { NO_FAULTS, type WebhookFaults } from './faults.js';
import * as repo from './repository.js';

/** Told, with the platform as payload, when a platform's webhook faults change. */
export const FAULTS_CHANNEL = 'webhook_faults';

/**
 * The sandbox platforms' webhook faults as this process follows them: read at start, read again
 * for a platform when any process changes its faults (NOTIFY). The outbox reads them here, so
 * that writing an event costs no statement more.
 */
export class WebhookFaultSettings {
  private readonly byPlatform = new Map<string, WebhookFaults>();
  private unlisten: (() => Promise<void>) | undefined;

  async start(database: Pick<Database, 'db' | 'listen'>): Promise<void> {
    this.unlisten = await database.listen(FAULTS_CHANNEL, (platformId) => void this.reload(database.db, platformId || undefined).catch(() => undefined));
    await this.reload(database.db);
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
  }

  of(platformId: string): WebhookFaults {
    return this.byPlatform.get(platformId) ?? NO_FAULTS;
  }

  /** Follows faults this process committed at once (other processes hear of them by NOTIFY). */
  follow(platformId: string, faults: WebhookFaults): void {
    this.byPlatform.set(platformId, faults);
  }

  /** Every platform's faults, or one platform's (named by a notification). */
  private async reload(db: Db, platformId?: string): Promise<void> {
    for (const { platform_id: id, ...faults } of await repo.webhookFaultsOf(db, platformId === undefined ? undefined : [platformId])) this.follow(id, faults);
  }
}
