/**
 * How each SKILL.md problem (see skill-problems.ts) reads in 简体中文. Keys, headings and values
 * written in the file stay as written; a `detail` (another program's own words) comes as it came.
 * Plain functions: no Node, no DOM.
 */
import type { SkillPlace, SkillProblemParams, SkillProblemStrings } from './skill-problems.js';

const IRREGULAR_ZH: Record<SkillProblemParams['skill-md-not-regular']['kind'], string> = {
  fifo: '命名管道（FIFO）',
  socket: '套接字',
  device: '设备文件',
  other: '特殊文件',
};

const place = (p: SkillPlace) => ('section' in p ? `“## ${p.section}”` : `front matter 的“${p.frontMatter}”`);

export const chineseSkillProblems: SkillProblemStrings = {
  'reserved-tool-name': (p) =>
    `“${p.name}”是 iAs 自己提供给模型的工具名；同名的技能会被它遮住：请给技能文件夹（以及它的“name:”）改个名字`,
  'bad-folder-name': (p) => `文件夹名“${p.name}”不是有效的技能名：请使用 1 到 64 个小写字母、数字、“_”或“-”`,
  'file-too-large': (p) => `SKILL.md 有 ${p.kb} KB，上限是 ${p.limitKb} KB`,
  'file-binary': () => 'SKILL.md 是二进制文件，不是 Markdown 文本',
  'file-utf16': () => 'SKILL.md 是以 UTF-16 编码保存的文本：请改存为 UTF-8',
  'file-not-utf8': () => 'SKILL.md 不是有效的 UTF-8 文本',
  'file-empty': () => 'SKILL.md 是空的：至少需要一个标题和一段描述',
  'front-matter-unclosed': () => '第 1 行的“---”开始了 front matter，但后面没有“---”行来结束它',
  'front-matter-not-mapping': () => 'front matter 必须是由“key: value”行组成的 YAML 映射',
  'front-matter-not-first-line': (p) =>
    `front matter 的“---”必须是文件的第一行（这里在第 ${p.line} 行）：请删掉它上面的行`,
  'front-matter-no-opening': (p) =>
    `文件以“${p.key}:”开头，但它上面没有“---”行：front matter 要写在两行“---”之间，其中第一行“---”必须是文件的第一行`,
  'front-matter-bad-yaml': (p) => `front matter 不是有效的 YAML：${p.detail}`,
  'front-matter-colon-in-value': (p) =>
    `front matter 不是有效的 YAML：“${p.key}”的值里有“: ”（冒号加空格），YAML 会把它当成另一个键；请给值加上引号（${p.key}: "…"），或把冒号写成“：”（YAML 的原话：${p.detail}）`,
  'front-matter-key-unknown': (p) => `iAs 不读取 front matter 的“${p.key}”，它会被忽略：是不是想写“${p.meant}”？`,
  'front-matter-too-large': (p) =>
    `front matter 展开其中的 YAML 别名（*name）后超过了 SKILL.md 的 ${p.limitKb} KB 上限：请直接写出各个值，不要反复引用别名`,
  'code-block-unclosed': () => '从这里开始的代码块没有结束',
  'section-twice': (p) => `“## ${p.heading}”出现了两次（第一次在第 ${p.firstLine} 行）`,
  'front-matter-not-text': (p) => `front matter 的“${p.key}”必须是文本`,
  'name-differs': (p) =>
    `front matter 中的名称“${p.name}”与文件夹名“${p.folder}”不同；工具名以文件夹名“${p.folder}”为准（请改名使两者一致）`,
  'no-description': () => '技能没有描述：请在“# 标题”行下写一段话，或在 front matter 中加上“description:”',
  'description-long': (p) => `描述有 ${p.length} 个字符，请控制在 1,024 个以内`,
  'execute-more-scripts': (p) =>
    `“## Execute”中有不止一段脚本：只有第一段（第 ${p.line} 行）会运行；请把其余的并入其中，或放到 SKILL.md 旁的文件里`,
  'compatibility-long': () => 'front matter 的“compatibility”超过了 500 个字符',
  'metadata-not-mapping': () => 'front matter 的“metadata”必须是键到文本值的映射',
  'risk-unknown': (p) => `无法识别的风险等级“${p.word}”（${place(p.place)}）：请写 Low 或 High`,
  'risk-empty': (p) => `“## ${p.heading}”是空的：请写 Low 或 High`,
  'risk-disagree': (p) =>
    `风险等级声明了两次且不一致：front matter 写的是 ${p.frontMatter}，“## ${p.heading}”写的是 ${p.section}`,
  'timeout-invalid': (p) => `超时必须是 1 到 ${p.max} 之间的秒数（现在是 ${p.found}）`,
  'timeout-empty': () => '“## Timeout”是空的：请写一个秒数',
  'parameters-twice': () => '参数给了两次：front matter 里一次，“## Parameters”里一次；请只保留一处',
  'parameters-no-block': () => '“## Parameters”中没有写着 JSON Schema 的 ```json 代码块',
  'json-invalid': (p) => `${place(p.place)}不是有效的 JSON：${p.reason}`,
  'schema-not-object': () => '参数的 JSON Schema 必须是一个 JSON 对象',
  'schema-not-type-object': (p) =>
    `参数的 JSON Schema 必须有 "type": "object"（现在${p.has === undefined ? '没有 type' : `是 ${p.has}`}）`,
  'schema-invalid': (p) => `参数的 JSON Schema 无效：${p.detail}`,
  'schema-unknown-type': (p) => `参数的 JSON Schema 无效：${p.at} 的 ${p.given} 不是类型：请使用 ${p.types} 之一`,
  'schema-too-deep': (p) => `参数 schema 中对象和列表的嵌套超过了 ${p.max} 层`,
  'schema-async': () => '参数 JSON Schema 写了 "$async"：iAs 在调用运行之前立即检查参数，请删去 "$async"',
  'schema-version-unknown': (p) =>
    `参数 JSON Schema 的 "$schema" 是 ${p.given}，iAs 不认识这个 JSON Schema 版本：请删去这一行（iAs 按 JSON Schema draft-07 检查参数）`,
  'schema-uncompilable': (p) => `参数的 JSON Schema 无法编译：${p.detail}`,
  'parameter-variable-clash': (p) =>
    `参数 ${p.first} 和 ${p.second} 都会变成变量 ${p.variable}，所以两者都不以变量传给脚本：脚本可以从 SKILL_PARAMS 或标准输入读取它们，或给其中一个改名（参数名变成变量名时字母改为大写，A-Z、0-9 和“_”以外的字符都变成“_”）`,
  'parameter-variable-unnamed': (p) =>
    `参数 ${p.name} 不含字母或数字，所以不以变量传给脚本（${p.variable} 无法指明它）：脚本可以从 SKILL_PARAMS 或标准输入读取它，或给它起一个含字母或数字的名字`,
  'builtin-and-script': () => '一个技能只能运行内置处理程序或脚本，不能两者都有',
  'execute-no-block': () => '“## Execute”中没有写着脚本的代码块',
  'no-risk': () =>
    '这个技能会运行东西，却没有声明风险：请加上“## Risk Level”并写 Low 或 High（或在 front matter 中写“risk:”）',
  'execute-empty': () => '“## Execute”的代码块是空的',
  'script-language-unknown': (p) => `无法识别的脚本语言“${p.language}”：请使用 ${p.supported}，或以 #! 行开头`,
  'script-no-interpreter': () =>
    '“## Execute”的代码块没有指明解释器：请写 ```bash、```node、```python 或 ```powershell，或以 #! 行开头',
  'script-not-executable': (p) =>
    `脚本运行了“${p.file}”，但这个文件没有执行权限，调用时会因“Permission denied”而失败：请在技能文件夹中运行 \`chmod +x ${p.rel}\` 使它可执行${p.interpreter ? `，或通过它的解释器运行它（\`${p.interpreter} ${p.file}\`）` : ''}`,
  'config-not-list': () => 'front matter 的“config”必须是设置项的列表（name、description、secret、required）',
  'config-bad-name': (p) =>
    `设置项 ${p.name} 需要由 1 到 64 个大写字母、数字和“_”组成、以大写字母开头的名称（例如 API_KEY）`,
  'config-twice': (p) => `设置项 ${p.name} 声明了两次`,
  'config-unknown-keys': (p) => `设置项 ${p.name} 有无法识别的键：${p.keys}`,
  'config-description-not-text': (p) => `设置项 ${p.name}：“description”必须是文本`,
  'config-required-invalid': (p) => `设置项 ${p.name}：“required”必须是 true、false 或一个分组名`,
  'config-secret-invalid': (p) => `设置项 ${p.name}：“secret”必须是 true 或 false`,
  'config-default-invalid': (p) => `设置项 ${p.name}：只有非机密的设置项才能有文本默认值`,
  'locales-not-mapping': (p) =>
    `front matter 的“${p.at}”必须是由“key: value”行组成的映射，因此被忽略（技能显示它的英文文字）`,
  'locale-unknown': (p) =>
    `front matter 的“locales”里写了“${p.tag}”，这不是 iAs 在英文之外显示的语言，因此被忽略：请写 ${p.known}`,
  'locale-unknown-key': (p) =>
    `front matter 的“${p.at}”里有“${p.key}”，iAs 在这里不读取它，因此被忽略：这里只读取 title、description 和 config`,
  'locale-not-text': (p) => `front matter 的“${p.at}”必须是文本，因此被忽略（技能显示它的英文文字）`,
  'locale-text-long': (p) =>
    `front matter 的“${p.at}”有 ${p.length} 个字符，超过了上限 ${p.max} 个，因此被忽略（技能显示它的英文文字）`,
  'locale-config-unknown': (p) =>
    `front matter 的“${p.at}”写了 ${p.name}，但它不是这个技能在“config”里声明的设置项，因此被忽略`,
  'folder-link-broken': () => '技能文件夹是一个失效的符号链接',
  'folder-link-outside': (p) => `技能文件夹是指向 ${p.target} 的符号链接，不在技能所在的文件夹内，已拒绝加载`,
  'folder-unreadable': (p) => `无法读取技能文件夹：${p.detail}`,
  'skill-md-folder': () => 'SKILL.md 是一个文件夹，不是文件',
  'skill-md-name': (p) => `技能文件名是“${p.found}”：iAs 只读取全大写的 SKILL.md，请重命名`,
  'skill-md-unreadable': (p) => `无法读取 SKILL.md：${p.detail}`,
  'skill-md-not-regular': (p) => `SKILL.md 是${IRREGULAR_ZH[p.kind]}，不是普通文件，不会被读取（请改成普通文本文件）`,
  'skill-md-unparsable': (p) => `iAs 无法解析这个 SKILL.md（已跳过该技能）：${p.detail}`,
  'skills-folder-unreadable': (p) => `无法读取技能所在的文件夹：${p.detail}`,
  'builtin-user-skill': () =>
    '“builtin:”指定的是 iAs 内置的处理程序，只有随 iAs 提供的系统技能可以使用；请改写一个“## Execute”脚本',
  'builtin-risk-raised': (p) =>
    `内置处理程序“${p.handler}”会在 iAs 之外行事，所以无论这里写的风险等级是什么，这个技能都是高风险`,
  'bad-skill-name': () => '名称必须是 1 到 64 个 a-z、0-9、“_”和“-”',
  'file-link-broken': (p) => `“${p.file}”是一个失效的符号链接`,
  'file-link-outside': (p) => `“${p.file}”是指向 ${p.target} 的符号链接，不在技能所在的文件夹内；链接只能指向其中`,
  'too-many-files': (p) => `技能文件夹中的文件超过了 ${p.max} 个`,
  'folder-too-large': (p) => `技能文件夹超过了 ${p.maxMb} MB；技能必须小到每次运行前都能完整检查`,
  'check-path-missing': () => '没有这个文件或文件夹',
  'check-path-not-skill': () => '这不是 SKILL.md 文件、技能文件夹，也不是放技能文件夹的文件夹',
  'check-path-no-skills': () => '这里没有找到技能文件夹（含有 SKILL.md 的文件夹）',
};
