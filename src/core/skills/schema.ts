/** JSON Schema checks for skill parameters (Ajv, draft-07). */
import vm from 'node:vm';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { ArgsMismatch, ArgsProblem } from '../../shared/args-problems.js';
import { skillProblemText, type SkillProblemCode } from '../../shared/skill-problems.js';

// strictNumbers: a number too large for a double (1e400) parses as Infinity, which JSON sends on as null.
const AJV_OPTIONS = {
  allErrors: true,
  strict: false,
  strictNumbers: true,
  validateFormats: false,
  addUsedSchema: false,
} as const;
const ajv = new Ajv(AJV_OPTIONS);
/**
 * A schema naming an `$id` (anywhere in it) is compiled by an Ajv of its own: one Ajv keeps the
 * `$id`s it has seen, and would refuse a skill's edited schema that keeps its `$id`, or a second
 * skill's schema with the same one ("schema with key or id … already exists"), until a restart;
 * and one skill's `$ref` could reach into another's schema.
 */
const NAMES_AN_ID = /"\$id":/;
const compiled = new Map<string, ValidateFunction>();

function describe(errors: ErrorObject[] | null | undefined, root: string): string {
  return (errors ?? [])
    .map((e) => {
      const where = e.instancePath ? `${root}${e.instancePath}` : root;
      if (e.keyword === 'additionalProperties') {
        return `${where} has an unknown property "${String(e.params.additionalProperty)}"`;
      }
      if (e.keyword === 'required') {
        return `${where} is missing the required property "${String(e.params.missingProperty)}"`;
      }
      return `${where} ${e.message ?? 'is invalid'}`;
    })
    .join('; ');
}

const JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'];

/** The value at a JSON pointer (`/properties/n/type`) inside `root`. */
function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const part of pointer.split('/').slice(1)) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}

/** A "type" naming no JSON type: where it is (`schema/properties/n/type`) and the words, in JSON. */
interface UnknownType {
  at: string;
  given: string;
}

/**
 * Meta-schema errors: a misspelt "type" is one problem naming the word and the types there are,
 * not the three errors of the meta-schema's anyOf behind it; the others, in Ajv's words.
 */
function schemaErrors(errors: ErrorObject[], schema: unknown): { unknownTypes: UnknownType[]; rest: ErrorObject[] } {
  const badTypes = new Set(
    errors.filter((e) => e.keyword === 'anyOf' && e.instancePath.endsWith('/type')).map((e) => e.instancePath),
  );
  const rest = errors.filter(
    (e) => ![...badTypes].some((at) => e.instancePath === at || e.instancePath.startsWith(`${at}/`)),
  );
  const unknownTypes = [...badTypes].map((at) => {
    const given = valueAt(schema, at);
    const words = (Array.isArray(given) ? given : [given]).filter((w) => !JSON_TYPES.includes(w as string));
    return { at: `schema${at}`, given: words.map((w) => JSON.stringify(w)).join(', ') };
  });
  return { unknownTypes, rest };
}

/** The problem of a schema the meta-schema refuses: a lone misspelt "type" by its own code. */
function invalidSchemaProblem(errors: ErrorObject[], schema: unknown): SkillProblemCode {
  const { unknownTypes, rest } = schemaErrors(errors, schema);
  const types = JSON_TYPES.join(', ');
  if (unknownTypes.length === 1 && rest.length === 0) {
    return { code: 'schema-unknown-type', params: { ...unknownTypes[0]!, types } };
  }
  const detail = [
    ...unknownTypes.map((u) => `${u.at} ${u.given} is not a type: use ${types}`),
    ...(rest.length > 0 ? [describe(rest, 'schema')] : []),
  ].join('; ');
  return { code: 'schema-invalid', params: { detail } };
}

/**
 * How deep arguments may nest. Deeper ones are nobody's real parameters, and would overflow the stack
 * of whatever walks them next (their JSON text, the canonical form an approval is bound to).
 */
export const MAX_ARGUMENT_DEPTH = 64;
/** How deep a parameter schema may nest (objects and lists, as its JSON text does). */
export const MAX_SCHEMA_DEPTH = 64;

function nestedTooDeep(value: unknown, max: number, depth = 0): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (depth >= max) return true;
  return Object.values(value).some((child) => nestedTooDeep(child, max, depth + 1));
}

/** Why `schema` is not a usable parameter schema, or undefined when it is. Cheap: no compiling. */
export function schemaProblem(schema: unknown): SkillProblemCode | undefined {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return { code: 'schema-not-object', params: {} };
  }
  const type = (schema as Record<string, unknown>).type;
  if (type !== 'object') {
    return { code: 'schema-not-type-object', params: type === undefined ? {} : { has: JSON.stringify(type) } };
  }
  // Checking, compiling or sending a schema walks it level by level: a thousand levels, a few
  // kilobytes of SKILL.md, overflowed the stack and stopped every skill from loading.
  if (nestedTooDeep(schema, MAX_SCHEMA_DEPTH)) return { code: 'schema-too-deep', params: { max: MAX_SCHEMA_DEPTH } };
  // An async check answers with a promise: wrong arguments would pass, then reject it unhandled.
  if ((schema as Record<string, unknown>).$async) return { code: 'schema-async', params: {} };
  // Another version's meta-schema (2020-12, draft-04) is not known here: checking against it throws.
  const version = (schema as Record<string, unknown>).$schema;
  if (version !== undefined && (typeof version !== 'string' || !ajv.getSchema(version))) {
    return { code: 'schema-version-unknown', params: { given: JSON.stringify(version) } };
  }
  if (!ajv.validateSchema(schema)) {
    return invalidSchemaProblem(ajv.errors ?? [], schema);
  }
  return undefined;
}

/**
 * What a schema the meta-schema accepts may still not compile for: a `$ref` to nothing, a `pattern`
 * that is no regular expression, an `$async` inside it. Only such a schema is compiled when its
 * skill loads: compiling every one would cost each skill about half a millisecond.
 */
const MAY_NOT_COMPILE = /"(?:\$ref|pattern|\$async)":/;

/**
 * Why a schema that {@link schemaProblem} accepts cannot be compiled, or undefined: looked at only
 * where it may not (see MAY_NOT_COMPILE), so that such a skill is refused as it loads rather than
 * offered to the model and failing every call. The validator compiled is kept for its calls.
 */
export function compileProblem(schema: Record<string, unknown>): SkillProblemCode | undefined {
  if (!MAY_NOT_COMPILE.test(JSON.stringify(schema))) return undefined;
  try {
    argsValidator(schema);
    return undefined;
  } catch (err) {
    if (err instanceof SchemaCompileError) return err.messageCode;
    throw err;
  }
}

/** A schema that cannot be compiled: the English message, with its code. */
export class SchemaCompileError extends Error {
  readonly messageCode: SkillProblemCode;

  constructor(detail: string) {
    const { message, messageCode } = skillProblemText('schema-uncompilable', { detail });
    super(message);
    this.messageCode = messageCode;
  }
}

/** The validator of each schema object seen (skills keep theirs), so its text is not made on every call. */
const bySchema = new WeakMap<object, ValidateFunction>();

/** Compiles a schema (cached by its text); throws with a readable message when it cannot. */
export function argsValidator(schema: Record<string, unknown>): ValidateFunction {
  const known = bySchema.get(schema);
  if (known) return known;
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    try {
      validate = (NAMES_AN_ID.test(key) ? new Ajv(AJV_OPTIONS) : ajv).compile(schema);
    } catch (err) {
      throw new SchemaCompileError((err as Error).message);
    }
    // Never a check that answers later (see schemaProblem): its promise would pass every call.
    if ((validate as { $async?: boolean }).$async)
      throw new SchemaCompileError('async schema ("$async") in a check that answers at once');
    compiled.set(key, validate);
  }
  bySchema.set(schema, validate);
  return validate;
}

/**
 * How long checking one call's arguments may take. A check takes microseconds, unless a `pattern`
 * of the skill's schema backtracks on what the model wrote ("^(a+)+$" on "aaa…a!" doubles its work
 * with each "a"): it would hold the whole process — chat, approvals, WeChat — for hours.
 */
export const ARGS_CHECK_MS = 1000;

/** Runs the check it is given under a time limit: V8 stops even a regular expression midway. */
const timed = { context: vm.createContext({ check: undefined }), script: new vm.Script('check()') };

/**
 * Keywords whose check can take long on what the model wrote: a regular expression that
 * backtracks, or every pair of a long list compared. A schema without them is checked directly
 * (a timed check costs a watchdog thread, too dear for every call of every skill).
 */
const SLOW_KEYWORDS = /"(?:pattern|patternProperties|uniqueItems)":/;
const slowBySchema = new WeakMap<object, boolean>();

function mayBeSlow(schema: Record<string, unknown>): boolean {
  let slow = slowBySchema.get(schema);
  if (slow === undefined) {
    slow = SLOW_KEYWORDS.test(JSON.stringify(schema));
    slowBySchema.set(schema, slow);
  }
  return slow;
}

/** `validate(args)`, or undefined when it did not end within ARGS_CHECK_MS. */
function validateInTime(validate: ValidateFunction, args: unknown): boolean | undefined {
  timed.context.check = () => validate(args);
  try {
    return timed.script.runInContext(timed.context, { timeout: ARGS_CHECK_MS }) as boolean;
  } catch (err) {
    if ((err as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return undefined;
    throw err;
  } finally {
    timed.context.check = undefined;
  }
}

/** The path of the property an Ajv error is about ("to/0"), "" for the arguments as a whole. */
function propertyAt(e: ErrorObject): string {
  const named =
    e.keyword === 'required'
      ? e.params.missingProperty
      : e.keyword === 'additionalProperties'
        ? e.params.additionalProperty
        : undefined;
  const pointer = named === undefined ? e.instancePath : `${e.instancePath}/${String(named)}`;
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('/');
}

function mismatches(errors: ErrorObject[] | null | undefined): ArgsMismatch[] {
  return (errors ?? []).map((e) => ({
    at: propertyAt(e),
    keyword: e.keyword,
    params: e.params as Record<string, unknown>,
    message: e.message ?? 'is invalid',
  }));
}

/** Why `args` do not match `schema`, or undefined when they do (see shared/args-problems.ts for the words). */
export function argsProblem(schema: Record<string, unknown>, args: unknown): ArgsProblem | undefined {
  if (nestedTooDeep(args, MAX_ARGUMENT_DEPTH)) return { code: 'too-deep', max: MAX_ARGUMENT_DEPTH };
  const validate = argsValidator(schema);
  const valid = mayBeSlow(schema) ? validateInTime(validate, args) : validate(args);
  if (valid === undefined) return { code: 'check-timeout', seconds: ARGS_CHECK_MS / 1000 };
  if (valid) return undefined;
  return { code: 'mismatch', mismatches: mismatches(validate.errors) };
}
