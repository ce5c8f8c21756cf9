import type { ModelHooks } from 'sequelize/types/hooks'
import type { Transaction } from 'sequelize'

/**
 * Writes to tables whose rows a process keeps copies of (the web app's process cache holds
 * communities). The models report every write they make, whatever way it is made; whoever keeps
 * copies listens here. models/ imports nothing above it, so the app registers itself.
 */
export type RowsChangedListener = (table: string) => void

const listeners = new Set<RowsChangedListener>()

export function onRowsChanged(listener: RowsChangedListener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Tells the listeners, once the write is visible to other connections: at commit when in a transaction. */
function report(table: string, transaction: Transaction | null | undefined) {
  const notify = () => {
    for (const listener of listeners) listener(table)
  }
  if (transaction) transaction.afterCommit(notify)
  else notify()
}

type WithTransaction = { transaction?: Transaction | null }

/** The hooks for a model's init options that report each of its writes (instance and bulk ones). */
export function reportWrites(table: string): Partial<ModelHooks> {
  const instance = (_row: unknown, options: WithTransaction) => report(table, options?.transaction)
  const bulk = (options: WithTransaction) => report(table, options?.transaction)
  return {
    afterCreate: instance,
    afterUpdate: instance,
    afterDestroy: instance,
    afterUpsert: instance,
    afterBulkCreate: instance,
    afterBulkUpdate: bulk,
    afterBulkDestroy: bulk,
  } as Partial<ModelHooks>
}
