/**
 * `--help` in the owner's language: in English as commander writes it; in 简体中文 from the words
 * table (help-words-zh-CN.ts, by command path), commander's headings included. Set once on the
 * program with configureHelp, inherited by every command added after.
 */
import { Help, type AddHelpTextContext, type Argument, type Command, type Option } from 'commander';
import stringWidth from 'string-width';
import { programLocale } from './cli-locale.js';
import { chineseHelp, chineseHelpTerms } from './help-words-zh-CN.js';

/** The command's place in the program: "skills config" for `ias skills config`, "" for `ias`. */
export function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

export const ownerLanguageHelp: Partial<Help> = {
  formatHelp(command: Command, helper: Help): string {
    if (programLocale(command) !== 'zh-CN') return Help.prototype.formatHelp.call(helper, command, helper);
    const chinese = chineseHelper(helper, command);
    const text = Help.prototype.formatHelp.call(chinese, command, chinese);
    // No space after a full-width colon: "用法：ias …".
    const usage = `${chinese.styleTitle('Usage:')} `;
    return text.startsWith(usage) ? usage.trimEnd() + text.slice(usage.length) : text;
  },
};

/**
 * Text a command adds after its help (addHelpText): `english`, or in 简体中文 the table's `after`
 * for that command.
 */
export function afterHelp(english: string): (context: AddHelpTextContext) => string {
  return ({ command }) =>
    programLocale(command) === 'zh-CN' ? (chineseHelp[commandPath(command)]?.after ?? english) : english;
}

/** With `(default: …)` as commander shows it for an option or an argument that takes a value. */
function withDefault(text: string, item: Option | Argument, shown: boolean): string {
  if (item.defaultValue === undefined || !shown) return text;
  return text + chineseHelpTerms.default(item.defaultValueDescription || JSON.stringify(item.defaultValue));
}

const PLACEHOLDER = /<([\w-]+)(\.{3})?>|\[([\w-]+)(\.{3})?\]/g;

/**
 * `text` (a usage line, a subcommand's or an option's term, commander's error) with commander's
 * placeholders in 简体中文: `[选项]`, `<名称>`, `[设置...]`; a name the table lacks as it is.
 */
export function placeholdersSaid(text: string): string {
  return text.replace(PLACEHOLDER, (whole, required?: string, more = '', optional?: string, etc = '') => {
    const said = chineseHelpTerms.placeholders[required ?? optional ?? ''];
    if (said === undefined) return whole;
    return required === undefined ? `[${said}${etc}]` : `<${said}${more}>`;
  });
}

/** `helper` saying `command`'s help in 简体中文, its lines wrapped by terminal columns. */
function chineseHelper(helper: Help, command: Command): Help {
  const words = chineseHelp[commandPath(command)];
  const overrides: Partial<Help> = {
    styleTitle: (title) => helper.styleTitle(chineseHelpTerms.headings[title] ?? title),
    commandUsage: (cmd) => placeholdersSaid(helper.commandUsage(cmd)),
    subcommandTerm: (sub) => placeholdersSaid(helper.subcommandTerm(sub)),
    optionTerm: (option) => placeholdersSaid(helper.optionTerm(option)),
    argumentTerm: (argument) => chineseHelpTerms.placeholders[argument.name()] ?? helper.argumentTerm(argument),
    commandDescription: (cmd) => chineseHelp[commandPath(cmd)]?.description ?? helper.commandDescription(cmd),
    // Any but the command's own subcommands is commander's `help [command]`.
    subcommandDescription: (sub) =>
      command.commands.includes(sub)
        ? (chineseHelp[commandPath(sub)]?.description ?? helper.subcommandDescription(sub))
        : chineseHelpTerms.help,
    // Any but the command's own options is commander's --help.
    optionDescription: (option) => {
      if (!command.options.includes(option)) return chineseHelpTerms.help;
      const text = words?.options?.[option.long ?? option.flags] ?? option.description;
      const typed = option.required || option.optional;
      return withDefault(text, option, typed || (option.isBoolean() && typeof option.defaultValue === 'boolean'));
    },
    argumentDescription: (argument) =>
      withDefault(words?.arguments?.[argument.name()] ?? argument.description, argument, true),
    // A Chinese character takes two columns, and a line may break after any one of them.
    displayWidth: (text) => stringWidth(text),
    boxWrap: (text, width) => (width < helper.minWidthToWrap ? text : wrapColumns(text, width)),
  };
  return Object.assign(Object.create(helper) as Help, overrides);
}

const OPENING = '（“《「【';
const CLOSING = '，。；：、）”》」】！？';
/**
 * What a line breaks between: a word with the spaces before it, or one Chinese character; an
 * opening mark stays with what follows it, a closing one with what is before it.
 */
const PIECE = new RegExp(
  String.raw`\s*[${OPENING}]*(?:\p{Script=Han}|[^\s\p{Script=Han}${OPENING}${CLOSING}]+|\S)[${CLOSING}]*`,
  'gu',
);

/** `text` wrapped to `width` terminal columns, its own line breaks kept. */
export function wrapColumns(text: string, width: number): string {
  return text
    .split(/\r\n|\n/)
    .map((line) => {
      const lines: string[] = [];
      let current = '';
      for (const piece of line.match(PIECE) ?? []) {
        if (current && stringWidth(current + piece) > width) {
          lines.push(current);
          current = piece.trimStart();
        } else current += piece;
      }
      lines.push(current);
      return lines.join('\n');
    })
    .join('\n');
}
