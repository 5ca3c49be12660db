/**
 * Parameter schemas for Moonshot (Kimi), whose stricter JSON Schema refuses the whole request
 * ("tools.function.parameters is not a valid moonshot flavored json schema") when a property, an
 * item or an anyOf/oneOf branch has no "type" of its own, or a "type" sits beside anyOf/oneOf.
 * Such schemas are sent with the types put where Moonshot wants them: a "type" beside the branches
 * moves into each branch without one; a missing "type" is read from what the node says (an enum's
 * or a const's values, properties, items) and, where it says nothing (a parameter that takes
 * anything), is "string". The arguments the model then writes are still checked against the
 * skill's own schema, which takes them.
 */
import type { ToolDefinition } from './catalogue.js';

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The JSON type of a value, as a schema names it. */
function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** What a node without "type" says of its type. */
function impliedType(node: Node): string | string[] {
  const values = Array.isArray(node.enum) ? node.enum : 'const' in node ? [node.const] : undefined;
  if (values && values.length > 0) {
    const types = [...new Set(values.map(typeOf))];
    if (types.includes('number') && types.includes('integer')) types.splice(types.indexOf('integer'), 1);
    return types.length === 1 ? types[0]! : types;
  }
  if (isNode(node.properties) || 'additionalProperties' in node || Array.isArray(node.required)) return 'object';
  if ('items' in node) return 'array';
  return 'string';
}

/**
 * A node with the types where Moonshot wants them, and whether it was not so (`broken`): walks
 * properties, items and branches, as Moonshot does.
 */
function walk(node: unknown): { node: unknown; broken: boolean } {
  if (!isNode(node)) return { node, broken: false };
  let broken = false;
  const out: Node = { ...node };
  const key = Array.isArray(node.anyOf) ? 'anyOf' : Array.isArray(node.oneOf) ? 'oneOf' : undefined;
  if (key) {
    const beside = node.type;
    if (beside !== undefined) {
      broken = true;
      delete out.type;
    }
    out[key] = (node[key] as unknown[]).map((branch) => {
      const given =
        isNode(branch) && branch.type === undefined && beside !== undefined ? { ...branch, type: beside } : branch;
      const fixed = walk(given);
      broken ||= fixed.broken;
      return fixed.node;
    });
    return { node: out, broken };
  }
  if (node.type === undefined) {
    broken = true;
    out.type = impliedType(node);
  }
  if (isNode(node.properties)) {
    const properties: Node = {};
    for (const [name, value] of Object.entries(node.properties)) {
      const fixed = walk(value);
      broken ||= fixed.broken;
      properties[name] = fixed.node;
    }
    out.properties = properties;
  }
  if (Array.isArray(node.items)) {
    out.items = node.items.map((item) => {
      const fixed = walk(item);
      broken ||= fixed.broken;
      return fixed.node;
    });
  } else if (node.items !== undefined) {
    const fixed = walk(node.items);
    broken ||= fixed.broken;
    out.items = fixed.node;
  }
  return { node: out, broken };
}

/** Whether a tool's parameters break Moonshot's rules (the root object is taken as it is). */
export function breaksMoonshotSchema(tools: ToolDefinition[] | undefined): boolean {
  return (tools ?? []).some((t) => walk({ ...t.function.parameters, type: 'object' }).broken);
}

/** The tools with their parameters as Moonshot takes them (tools that already do are left as they are). */
export function withMoonshotSchemas(tools: ToolDefinition[] | undefined): ToolDefinition[] | undefined {
  return tools?.map((t) => {
    const fixed = walk({ ...t.function.parameters, type: t.function.parameters.type ?? 'object' });
    return fixed.broken ? { ...t, function: { ...t.function, parameters: fixed.node as Node } } : t;
  });
}
