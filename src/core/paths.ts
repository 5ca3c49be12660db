/** Where iAs keeps its data: IAS_HOME, else the per-user app-data folder "iAs" (Electron's userData). */
import os from 'node:os';
import path from 'node:path';

export function defaultDataHome(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.IAS_HOME) return path.resolve(env.IAS_HOME);
  const home = os.homedir();
  if (platform === 'win32') return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'iAs');
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'iAs');
  return path.join(env.XDG_CONFIG_HOME ?? path.join(home, '.config'), 'iAs');
}

export interface DataPaths {
  home: string;
  userSkills: string;
  scriptCache: string;
  database: string;
  /** The secret store's folder when it is files (the command line, headless mode): 0700, each file 0600. */
  secrets: string;
}

export function dataPaths(home: string, userSkills?: string): DataPaths {
  return {
    home,
    userSkills: userSkills ? path.resolve(userSkills) : path.join(home, 'skills'),
    scriptCache: path.join(home, 'cache', 'scripts'),
    database: path.join(home, 'ias.db'),
    secrets: path.join(home, 'secrets'),
  };
}
