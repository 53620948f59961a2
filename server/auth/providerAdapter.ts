import { and, eq, gt, isNull, or } from "drizzle-orm";
import type { Adapter, AdapterPayload } from "oidc-provider";
import type { Database } from "../../db/client";
import { identityProviderRecords as records } from "../../db/schema";

/** oidc-provider's storage interface over our database (its default keeps everything in memory). */
export function databaseAdapterFactory(db: Database) {
  return class DatabaseAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      const values = {
        model: this.model,
        id,
        payload: payload as Record<string, unknown>,
        uid: payload.uid ?? null,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insert(records)
        .values(values)
        .onConflictDoUpdate({ target: [records.model, records.id], set: { ...values, consumedAt: null } });
    }

    find(id: string) {
      return this.findBy(eq(records.id, id));
    }

    findByUid(uid: string) {
      return this.findBy(eq(records.uid, uid));
    }

    findByUserCode(userCode: string) {
      return this.findBy(eq(records.userCode, userCode));
    }

    async consume(id: string) {
      await db
        .update(records)
        .set({ consumedAt: new Date() })
        .where(and(eq(records.model, this.model), eq(records.id, id)));
    }

    async destroy(id: string) {
      await db.delete(records).where(and(eq(records.model, this.model), eq(records.id, id)));
    }

    async revokeByGrantId(grantId: string) {
      await db.delete(records).where(and(eq(records.model, this.model), eq(records.grantId, grantId)));
    }

    private async findBy(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select({ payload: records.payload, consumedAt: records.consumedAt })
        .from(records)
        .where(
          and(
            eq(records.model, this.model),
            condition,
            or(isNull(records.expiresAt), gt(records.expiresAt, new Date())),
          ),
        )
        .limit(1);
      if (!row) return undefined;
      return {
        ...(row.payload as AdapterPayload),
        ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
      };
    }
  };
}
