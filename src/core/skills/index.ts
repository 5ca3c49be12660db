export * from './types.js';
export { parseSkillFile, type ParseResult } from './parse.js';
export { loadSkillFolder, loadSkillsRoot, hashSkillFolder } from './load.js';
export { SkillRegistry, type RegistryChange } from './registry.js';
export { SkillWatcher } from './watcher.js';
export { executeSkill, checkArguments, OUTPUT_CAP_BYTES, type ExecuteOptions } from './executor.js';
export { checkPaths, type CheckReport } from './check.js';
