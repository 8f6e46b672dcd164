import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { Account } from '../../db/schema.ts';
import type { AccountIdentifier } from '../../../common/account-identifiers.ts';
import { hashPassword } from './passwords.ts';

export function findAccountByIdentifier(db: Db, identifier: AccountIdentifier): Promise<Account | undefined> {
  return db
    .selectFrom('accounts')
    .selectAll()
    .where(identifier.kind === 'email' ? 'email' : 'phone', '=', identifier.value)
    .executeTakeFirst();
}

export function findAccountById(db: Db, id: string): Promise<Account | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function createAccount(
  db: Db,
  input: { email: string; phone?: string | null; password: string; displayName: string; id?: string },
): Promise<Account> {
  const account: Account = {
    id: input.id ?? randomUUID(),
    email: input.email,
    phone: input.phone ?? null,
    password_hash: await hashPassword(input.password),
    display_name: input.displayName,
    created_at: new Date().toISOString(),
  };
  await db.insertInto('accounts').values(account).execute();
  return account;
}
