import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * One environment variable of the server, described once: how it is read (its schema, with its default) and what
 * docs/configuration.md says of it (scripts/configuration-reference.ts writes that file from these). Which module
 * owns it is where it is declared (docs/decisions/039-module-objects.md).
 */
export interface Setting<Schema extends z.ZodType = z.ZodType> {
  /** Reads the variable's text; a wrong value stops the start with a message naming the variable (server/config.ts). */
  readonly schema: Schema;
  /** The reference's default, when the schema's is none, derived or not the whole story; else the schema's is shown. */
  readonly default?: string;
  /** What it sets (Markdown), one row of the reference. */
  readonly description: string;
}

export type Settings = Readonly<Record<string, Setting>>;

/** Settings keyed by their variable's name, their schemas' types kept for server/config.ts. */
export function defineSettings<const Declared extends Settings>(settings: Declared): Declared {
  return settings;
}

/** The variables' schemas, for one `z.object` over the whole environment. */
export function settingsShape<Declared extends Settings>(
  settings: Declared,
): { [Name in keyof Declared]: Declared[Name]['schema'] } {
  return Object.fromEntries(Object.entries(settings).map(([name, { schema }]) => [name, schema])) as {
    [Name in keyof Declared]: Declared[Name]['schema'];
  };
}

export const flag = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((value) => value === 'on' || value === 'true' || value === '1');

/** A comma-separated list; empty entries dropped, none at all is `undefined`. */
export const list = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .transform((items) => (items.length ? items : undefined));

export const httpUrl = () => z.url({ protocol: /^https?$/ });

/** The JSON in the file a variable names, checked by `schema`; the message says which file and what is wrong. */
export function jsonFile<Schema extends z.ZodType>(schema: Schema) {
  return z
    .string()
    .min(1)
    .transform((path, context): z.output<Schema> => {
      let json: unknown;
      try {
        json = JSON.parse(readFileSync(path, 'utf8'));
      } catch (error) {
        context.addIssue({ code: 'custom', message: `cannot read ${path}: ${(error as Error).message}` });
        return z.NEVER;
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        context.addIssue({ code: 'custom', message: `${path}: ${z.prettifyError(parsed.error)}` });
        return z.NEVER;
      }
      return parsed.data;
    });
}
