"""离线演示说的每一句话：一张表，每句一对（中文，英文）；问题是英文就用英文。花括号里的由计划填进去。
它认的词在 words.py。"""

# ── 说的话 ─────────────────────────────────────────────────
# 每行一句：键 | 中文 | English（\n 是换行，␣ 是句末的空格）
TABLE = r"""
offline | \n\n（离线回放：以上由固定规则根据工具结果生成，不是真实模型。配好 .env 后去掉 --demo 就是真模型。） | \n\n(Offline replay: the answer above was produced by fixed rules from the tool results, not by a real model. Set up .env and drop --demo to use a real model.)
unknown_question | 离线回放的规则认不出“{question}”问的是哪一类事，所以没有调用工具，也没有回答。它认得的问题像这样：\n- 帮我看看这个项目用了什么技术栈\n- 搜索一下项目里有没有用到 lodash\n- 我需要 3 盒红笔。库存够吗？（在 examples/inventory 里问） | The offline replay's rules can't tell what kind of question “{question}” is, so it called no tool and gives no answer. It understands questions like:\n- What tech stack does this project use?\n- Is lodash used anywhere?\n- I need 3 boxes of red pens. Enough in stock? (ask in examples/inventory)
not_understood | \n\n（我的规则没有认出“{clauses}”这一句：它要是在问别的事、要我做别的事，上面的回答没有包括，我也没有做。） | \n\n(My rules did not recognise “{clauses}”: if it asks or tells me something else, the answer above does not cover it and I did not do it.)
too_many | \n\n（你还问了 {names}：一次最多查 {n} 个，这些没有查。） | \n\n(You also asked about {names}: I check at most {n} at a time, so I did not check these.)
quote_join | ”“ | ”, “
colon | ： | :␣
etc | ␣等 | , etc.
semicolon | ； | ;␣
full_stop | 。 | .
state_not_run | 没有执行 | it did not run
state_missing | 调用了 {tool}，却没有收到结果 | I called {tool} but got no result
state_no_tool | 这次请求没有提供 {tool} 工具 | this request offers no {tool} tool
state_unreadable | 工具说读不出文字（{said}） | the tool says there is no text to show ({said})
state_garbled | 有些字解不出来（显示成 �：文件也许不是 UTF-8 编码的） | some of it could not be decoded (shown as �: the file may not be UTF-8)
state_empty | 是空的 | it is empty
state_end | 超出了末尾 | it is past the end
state_cut | 只看到了一部分（结果被截断了） | I saw only part of it (the result was cut off)
state_more | 只看到了前几页 | I saw only the first pages
workdir | 工作目录 | the work folder
listed_part | 我只看到了{where}的前 {n} 项（没有列全） | I saw only the first {n} entries of {where}
list_failed | 我列不了{where}（{why}） | I could not list {where} ({why})
stack_head | 这个项目的技术栈如下： | This project's tech stack:
group | - {group}：{items} | - {group}: {items}
group_frontend | 前端 | Frontend
group_backend | 后端 | Backend
group_testing | 测试 | Testing
group_language | 语言工具 | Language tools
group_other | 其他依赖 | Other dependencies
group_include | 引用了别的清单（没有读） | Other manifests it refers to (not read)
group_path | 本地路径或地址（看不出包名） | Local paths or URLs (no package name)
dep_include | {name}（{path} 里引用的） | {name} (from {path})
dep_path | {name}（{path}） | {name} ({path})
runtime_of | （{runtime}） |  ({runtime})
extra_of | （可选依赖：{group}） |  (optional: {group})
runtime_unsaid | （我读的清单里没写要求的运行时版本（package.json 会写在 engines，pyproject.toml 会写在 requires-python）。） | ␣(The manifests I read name no required runtime version (package.json would say it in engines, pyproject.toml in requires-python).)
runtime_file | （目录里有 {files}：版本可能写在那里，我没有读它。） | ␣({files} is in the folder: the version may be written there; I did not read it.)
other_code | - 这一层还有 {languages} 的代码文件，它们的依赖清单我没看到：上面的语言、运行时只是按读到的依赖清单说的 | - This level also has {languages} code files, whose manifest I did not see: the language and runtime above only go by the manifests I read
runtime_line | - 语言/运行时：{runtimes} | - Language/runtime: {runtimes}
manifest_bad | - {path} 读不了或解析不了（{why}），上面没有算它 | - {path} could not be read or parsed ({why}); not counted above
unparsed | 内容不是它该有的格式，或者嵌套太深 | its content is not in the expected form, or nested too deep
unparsed_cut | 我只看到了开头一部分（结果被截断了），这一部分解析不出依赖 | I saw only its start (the result was cut), and that part does not parse
manifest_part | - {path} 只看到了一部分（后面的没看到）：上面列的依赖可能不全 | - I saw only part of {path} (the rest was cut off), so the list above may be incomplete
manifests_skipped | - 还有这些依赖清单没有读（一次最多读 5 份）：{names} | - I did not read these manifests (I read at most 5): {names}
more_manifests | - {seen}，后面也许还有别的依赖清单 | - {seen}; there may be more manifests
readme_start | - {readme} 只看到了开头（后面被截断了）：下面的说明可能不全 | - I saw only the start of {readme} (it was cut off): the description below may be incomplete
about_line | - 项目说明（来自 {readme}）：{paragraph} | - About (from {readme}): {paragraph}
basis | 依据：{files}。 | Based on: {files}.
manifests_unread | 依赖清单读不了或解析不了（{why}），我判断不出技术栈和版本。 | I could not read or parse the manifests ({why}), so I can't tell the tech stack or its versions.
no_manifest | 工作目录里没有 package.json、pyproject.toml 或 requirements.txt，我判断不出技术栈和版本（README 这类说明文字里写的，我不拿来当依赖）。 | The work folder has no package.json, pyproject.toml or requirements.txt, so I can't tell the tech stack or its versions (I don't take them from prose such as a README).
no_manifest_in | {folder} 里没有依赖清单（package.json、pyproject.toml、requirements.txt），下面看的是工作目录的：\n\n | {folder} has no manifest (package.json, pyproject.toml, requirements.txt), so here is the work folder's:\n\n
asked_language | - 你问到的语言：下面“语言/运行时”一行是按依赖清单的种类说的（package.json 是 JavaScript，pyproject.toml、requirements.txt 是 Python……），源文件我没有一个个看 | - You asked about a language: the “Language/runtime” line below goes by the kinds of manifests (package.json means JavaScript, pyproject.toml or requirements.txt Python…); I did not look at the source files one by one
asked_testing_none | - 测试框架：读到的依赖清单（{files}）里没有我认得的测试框架（Jest、Vitest、Mocha、pytest）；没读到的清单里也许有 | - Test framework: none that I recognise (Jest, Vitest, Mocha, pytest) in the manifests I read ({files}); manifests I did not read may have one
asked_testing_part | - 测试框架：在读到的部分（{files}）里没有我认得的测试框架；没读到的部分、没读的清单里也许有 | - Test framework: none that I recognise in the part I read ({files}); the part I did not read, or manifests I did not read, may have one
own_unsaid | - 问的要是项目自己的版本号：我没有找它，下面是依赖的版本 | - If you meant the project's own version number: I did not look for it; below are the dependencies' versions
asked_missing | - 你问到的 {names}：依赖清单（{files}）写的依赖里我没看到 | - You asked about {names}: I did not see it among the dependencies in the manifests ({files})
asked_version | - 你问到的 {name}：{path} 里写的是 `{spec}` | - You asked about {name}: {path} says `{spec}`
asked_near | - 你问到的 {name}：清单里没有它本身；名字相近的 {near}，{path} 里写的是 `{spec}` | - You asked about {name}: it is not in the manifests itself; {near}, a package with a similar name, is `{spec}` in {path}
manifests_unread_kind | \n- {files} 这样的清单（{languages} 的）我不读：上面没有它们里面的依赖 | \n- I do not read manifests like {files} ({languages}): their dependencies are not above
group_build | 构建工具 | Build tools
dynamic | - {path} 说依赖是动态的（dynamic，写在别处，比如 setup.py）：上面没有它们 | - {path} says its dependencies are dynamic (written elsewhere, setup.py say): they are not above
unread_line | - {path} 里有一行我读不懂（{table}）：上面没有它 | - A line of {path} I can't read ({table}): it is not above
tests_top_command | \n\n（下面怎么跑测试是按顶层的依赖清单、README 说的：{folder} 里自己的依赖清单、README 我没有读。） | \n\n(How to run the tests below goes by the top folder's manifests and README: I did not read {folder}'s own.)
test_script | \n\n怎么跑测试：`{command}`（package.json 的 scripts.{name} 是 `{script}`）。 | \n\nTo run the tests: `{command}` (package.json's scripts.{name} is `{script}`).
test_make | \n\n怎么跑测试：`make {target}`（Makefile 里的 {target} 目标，第一条命令是 `{recipe}`）。 | \n\nTo run the tests: `make {target}` (the {target} target of the Makefile; its first command is `{recipe}`).
test_guess | \n\n怎么跑测试：一般用 `{command}`（这是按清单里提到的测试框架说的：我没找到我读得懂的跑测试的写法，就是 package.json 的 scripts.test、README 里标题是“测试”“Testing”这样的一节下面的 shell 代码块，README 别的写法我不读；它会跑哪些文件要看它的配置，比如 jest 默认只认 *.test.js、*.spec.js 和 __tests__ 里的文件）。 | \n\nTo run the tests: usually `{command}` (going by the test framework the manifests name: I found no test command written in a way I read, which is package.json's scripts.test or a shell code block under a README heading such as “Testing” or “Tests” (I do not read other forms in a README); which files it runs depends on its settings, e.g. jest by default only picks up *.test.js, *.spec.js and files in __tests__).
test_placeholder | \n\n怎么跑测试：package.json 的 scripts.test 还是 npm init 写的占位（`{script}`），没有真的测试命令。 | \n\nHow to run the tests: package.json's scripts.test is still npm init's placeholder (`{script}`), not a real test command.
test_unknown | \n\n怎么跑测试：依赖清单里我没看到写明的命令（package.json 的 scripts.test），也没看到认得的测试框架，所以说不出来。 | \n\nHow to run the tests: the manifests name no command (package.json's scripts.test) and no test framework I know, so I can't say.
test_none | \n\n怎么跑测试：这一层没有我读得懂的依赖清单（package.json、pyproject.toml、requirements.txt），我也没找到我读得懂的跑测试的写法，所以说不出来。 | \n\nHow to run the tests: there is no manifest here that I can read (package.json, pyproject.toml, requirements.txt), and I found no test command written in a way I read, so I can't say.
test_unlisted | \n\n怎么跑测试：我没能列全工作目录，不知道有没有依赖清单，所以说不出来。 | \n\nHow to run the tests: I could not list all of the work folder, so I don't know whether it has a manifest and can't say.
test_unread | \n\n怎么跑测试：{files} 没有读全，我说不出来。 | \n\nHow to run the tests: I could not read all of {files}, so I can't say.
no_manifest_part | {seen}，里面没有 package.json、pyproject.toml 或 requirements.txt；没看全，不能说没有，所以判断不出技术栈和版本。 | {seen}, and none of them is package.json, pyproject.toml or requirements.txt; I did not see the rest, so I can't say there is none, and I can't tell the tech stack or its versions.
entry_start | 入口文件是 {path}：package.json 的 scripts.start 是 `{script}`。 | The entry point is {path}: package.json's scripts.start is `{script}`.
workspaces | - package.json 里有 workspaces：各个子包自己的 package.json 我没有读，上面没有它们的依赖 | - package.json has workspaces: I did not read each package's own package.json, so their dependencies are not above
entry_main | 入口文件是 {main}：package.json 的 "main" 字段写着它。 | The entry point is {main}: the "main" field of package.json names it.
main_gone | package.json 的 "main" 字段写着 {main}，不过工作目录里没有它（也许要先构建）。\n\n | The "main" field of package.json names {main}, but the work folder does not have it (it may need a build first).\n\n
main_missing | 不过工作目录里没有它（也许要先构建）。 |  But the work folder does not have it (it may need a build first).
no_main | package.json 没有 main 字段， | package.json has no main field;␣
odd_main | package.json 的 main 不是一个文件名， | package.json's main is not a file name;␣
package_unread | package.json 读不了或解析不了， | package.json could not be read or parsed;␣
entry_named | （{no_main}{name} 是常见的入口文件名） |  ({no_main}{name} is a usual entry file name)
entry_is | 入口文件应该是 {path}{why}。它的开头是：\n\n{head} | The entry point is probably {path}{why}. It begins with:\n\n{head}
entry_none | 顶层目录{folders}里没有常见的入口文件（index.js、main.py、main.go 之类），我没有再往别处找：入口也可能是别的名字。 | The top folder{folders} has no usual entry file (index.js, main.py, main.go and the like); I did not look further, and the entry point may have another name.
entry_guarded | 顶层目录{folders}里没有常见的入口文件名；搜 `__main__` 时，顶层的 .py 文件里 {files} 有一行 `{line}`，入口可能是它（这一行是搜到的，我没读整个文件，看不出它在不在函数或字符串里）{unsure}。 | The top folder{folders} has no usual entry file name; searching for `__main__`, {files} is the top-level .py file with a line `{line}`, so it may be the entry point (I only saw that line, not the whole file, so I can't tell whether it is inside a function or a string){unsure}.
entry_guards | 顶层目录{folders}里没有常见的入口文件名；搜 `__main__` 时，顶层的 .py 文件里 {files} 都有一行 `if __name__ == "__main__":`：哪个是入口我说不准{unsure}。 | The top folder{folders} has no usual entry file name; searching for `__main__`, the top-level .py files {files} each have a line `if __name__ == "__main__":`, so I can't tell which one is the entry point{unsure}.
entry_no_guard | 顶层目录{folders}里没有常见的入口文件（index.js、main.py、main.go 之类）；搜 `__main__`，顶层的 .py 文件（测试、setup.py 除外）里也没有 `if __name__ == "__main__":` 这样的一行{unsure}：入口也可能是别的名字。 | The top folder{folders} has no usual entry file (index.js, main.py, main.go and the like), and searching for `__main__` found no top-level .py file (tests and setup.py aside) with a line `if __name__ == "__main__":`{unsure}; the entry point may have another name.
guard_unsure | （搜索结果没看全：别的文件里也许也有） |  (the search results were not complete: other files may have one too)
and_folders | 和 {folders}  |  and {folders}
entry_none_part | {seen}，里面没有常见的入口文件；没看全，不能说没有。 | {seen}, and found no usual entry file in it; I did not see the rest, so I can't say there is none.
run_script | \n\n启动项目：{command}（package.json 的 scripts.{name} 是 `{script}`）。 | \n\nTo start the project: {command} (package.json's scripts.{name} is `{script}`).
run_readme | \n\n启动项目：{readme} 的「{heading}」一节的代码块是这样写的（照原样抄的；哪几行是命令、哪几行是准备的步骤或输出，请看那一节）：\n\n{block} | \n\nTo start it: the code block of the “{heading}” section of {readme} reads as follows (quoted as written; which lines are commands, setup steps or output, see that section):\n\n{block}
test_readme | \n\n怎么跑测试：{readme} 的「{heading}」一节的代码块是这样写的（照原样抄的；哪几行是命令、哪几行是准备的步骤或输出，请看那一节）：\n\n{block} | \n\nTo run the tests: the code block of the “{heading}” section of {readme} reads as follows (quoted as written; which lines are commands, setup steps or output, see that section):\n\n{block}
block_more | \n    ……（这个代码块后面还有 {n} 行，没有抄） | \n    … ({n} more line(s) of this code block not shown)
no_dev | \n\n（你问到开发时怎么运行：我没看到专门给开发用的命令（package.json 的 scripts.dev），下面说的是一般的运行方法。） | \n\n(You asked how to run it for development: I saw no command just for that (package.json's scripts.dev), so what follows is the general way to run it.)
run_readme_cut | \n\n启动项目：{readme} 有「{heading}」一节，可我只读到了它的开头（README 没读全），没看到那里的代码块：请看这一节。 | \n\nTo start it: {readme} has a “{heading}” section, but I read only the start of it (the README was not read in full) and saw no code block there: please read that section.
test_readme_cut | \n\n怎么跑测试：{readme} 有「{heading}」一节，可我只读到了它的开头（README 没读全），没看到那里的代码块：请看这一节。 | \n\nTo run the tests: {readme} has a “{heading}” section, but I read only the start of it (the README was not read in full) and saw no code block there: please read that section.
block_cut | \n    ……（README 在这里被截断了：这个代码块后面也许还有） | \n    … (the README was cut here: this code block may go on)
blocks_more | \n\n（这一节里还有 {n} 个代码块，我没有抄：命令可能分几步写在那里，请看整节。） | \n\n(That section has {n} more code block(s) that I did not copy: the steps may be spread over them, so read the whole section.)
run_readme_unread | \n\n启动项目：{readme} 有「{heading}」一节，可是那里没有我读得懂的写法（标题就是“运行”“Usage”“测试”这样的一节，下面有 ``` 或 ~~~ 围起来的 shell 代码块；缩进的代码、正文里的命令我不读），我没有从里面拿命令，也不按文件类型猜：请看这一节。 | \n\nTo start it: {readme} has a “{heading}” section, but not in a form I read (a shell code block fenced with ``` or ~~~ in a section whose heading is just “Usage”, “Running”, “Testing” or the like; indented code and commands in the text I don't read), so I took no command from it and won't guess from the file type: please read that section.
test_readme_unread | \n\n怎么跑测试：{readme} 有「{heading}」一节，可是那里没有我读得懂的写法（标题就是“运行”“Usage”“测试”这样的一节，下面有 ``` 或 ~~~ 围起来的 shell 代码块；缩进的代码、正文里的命令我不读），我没有从里面拿命令，也不按测试框架猜：请看这一节。 | \n\nTo run the tests: {readme} has a “{heading}” section, but not in a form I read (a shell code block fenced with ``` or ~~~ in a section whose heading is just “Usage”, “Running”, “Testing” or the like; indented code and commands in the text I don't read), so I took no command from it and won't guess from the test framework: please read that section.
run_dev_too | （开发时用 `npm run dev`：package.json 的 scripts.dev 是 `{script}`。） |  (For development: `npm run dev`; package.json's scripts.dev is `{script}`.)
readme_unusable | （{readme} 我读不了（{why}）：里面也许写了，我没看到。） |  ({readme}: I could not read it ({why}); it may say, but I did not see it.)
readme_partly | （{readme} 我只读了开头一部分：后面也许写了，我没看到。） |  ({readme}: I read only its beginning; the rest may say, but I did not see it.)
scripts_partly | \n\n（pyproject.toml 我只读到了一部分：后面也许写着装好以后的命令（[project.scripts]），我没看到。） | \n\n(I read only part of pyproject.toml: the rest may name an installed command ([project.scripts]); I did not see it.)
run_guess | \n\n运行它：一般用 `{command}`（这是按文件类型说的：我没找到我读得懂的启动写法，就是 package.json 的 scripts.start、README 里标题是“运行”“Usage”这样的一节下面的 shell 代码块，README 别的写法我不读）。 | \n\nTo run it: usually `{command}` (going by the file type: I found no start command written in a way I read, which is package.json's scripts.start or a shell code block under a README heading such as “Usage” or “Running” (I do not read other forms in a README)).
entry_script | 装好这个项目以后，命令 `{name}` 运行的是 `{target}`（{where} 里写的）：这是这个命令的入口。 | Once the project is installed, the command `{name}` runs `{target}` ({where} says so): that is the entry point of this command.
entry_also | 顶层还有常见的入口文件：{files}。 |  A usual entry file is at the top too: {files}.
top_only_entry | （你问的是 {folder} 里的入口：我找的是整个项目的入口（package.json 的 main、顶层和 src/、cmd/ 这些目录里常见的文件名），没有专门看 {folder}。）\n\n | (You asked about the entry point in {folder}: I looked for the project's entry point (package.json's main, usual file names at the top and in src/, cmd/ and the like), not at {folder} in particular.)\n\n
top_only_branch | （我在工作目录里查的分支，没有进 {folder} 里查。）\n\n | (I checked the branch in the work folder, not inside {folder}.)\n\n
top_unknown | （“{folder}”：我没认出它是哪个目录，下面的回答没有按它来。）\n\n | (“{folder}”: I could not tell which folder that is, so the answer below does not take it into account.)\n\n
package_bin | package.json 的 "bin" | package.json's "bin"
pyproject_table | pyproject.toml 的 [{table}] | the [{table}] table of pyproject.toml
more_scripts | 它还写着：{more}。 |  It also names {more}.
run_installed | \n\n运行它：装好这个项目以后（比如 {install}）执行 `{name}`。 | \n\nTo run it: once the project is installed ({install}, say), run `{name}`.
run_unknown | \n\n（你还问了怎么运行：我没找到我读得懂的启动写法（package.json 的 scripts.start、README 里标题是“运行”“Usage”这样的一节下面的 shell 代码块；README 别的写法我不读），说不出来。） | \n\n(You also asked how to run it: I found no start command written in a way I read (package.json's scripts.start or a shell code block under a README heading such as “Usage”; I do not read other forms in a README), so I can't say.)
used | 用到了 {name}{where}：{n} 处依赖声明或引入，在 {files}：\n\n{hits} | Yes, {name} is used{where}: {n} declaration(s) or import(s), in {files}:\n\n{hits}
also_in | \n\n它还出现在 {files}：那些行我看不出是不是声明或引入，没有算在里面。 | \n\nIt also appears in {files}: I can't tell whether those lines declare or import it, so they are not counted.
dotted | （{name} 是照原样搜的：`from {parent} import {last}`、相对引入（`from .{last} import …`）这样的写法搜不到，上面说的可能不全。） | ({name} was searched as written: imports written as `from {parent} import {last}` or relative imports (`from .{last} import …`) are not found that way, so the above may be incomplete.)
import_files | \n\n引入它的文件（依赖清单不算）：{n} 个{files}。 | \n\nFiles that import it (manifests not counted): {n}{files}.
more_hits | \n  ……还有 {n} 处没有列出来 | \n  … and {n} more not shown
maybe_more | \n\n（{gaps}：可能还有更多。） | \n\n({gaps}: there may be more.)
declared_head | 依赖清单里声明了 {name}{where}，按 {names} 搜到的代码里没有引入它的地方（声明了不一定用到；import 的名字也可能和包名不一样；测试框架、构建工具、命令行工具不用 import 也会用到）：{n} 处声明，在 {files}：\n\n{hits} | {name} is declared in a manifest{where}, but no code I searched (for {names}) imports it (declared is not necessarily used; its import name may differ from the package name; test frameworks, build and command-line tools are used without an import): {n} declaration(s), in {files}:\n\n{hits}
declared_part | 依赖清单里声明了 {name}{where}：{n} 处声明，在 {files}（没有看全，代码里有没有引入它，我说不准）：\n\n{hits} | {name} is declared in a manifest{where}: {n} declaration(s), in {files} (I did not see everything, so I can't tell whether code imports it):\n\n{hits}
gap_cut | 搜索结果被截断了 | the search results were cut off
gap_part | {files} 没有读全 | I did not read all of {files}
gap_skipped | 有的目录没有搜，也没有列全是哪些 | some folders were not searched and not all are named
gap_unsearched | 有文件或目录没有搜（{note}） | some files or folders were not searched ({note})
cannot_tell | 说不准是否用到了 {name}{where}：没找到我认得的它的依赖声明（package.json、pyproject.toml、requirements*.txt），也没找到我认得的按包名引入它的写法（一行开头的 `import {name}`、`from {name} import …`，或者 `require("{name}")`），但我没看全：{gaps}。{seen} | I can't tell whether {name} is used{where}: I found no manifest declaration of it that I recognise (package.json, pyproject.toml, requirements*.txt) and no import of it by package name that I recognise (a line starting with `import {name}` or `from {name} import …`, or a `require("{name}")`), and I did not see everything: {gaps}.{seen}
in_folder | （只搜了 {folder}） |  (I searched only {folder})
not_used | 没有搜到 {name}：search_files 在项目的文件内容里没有找到它{tried}（搜索区分大小写：依赖清单里写成别的大小写的，这样搜不到；文件名不在搜索之内）。 | {name} was not found: search_files found it in no file's content in the project{tried} (the search is case-sensitive: a manifest that spells it with other capitals would not match; file names are not searched).
named_files | 文件内容里没有搜到 {name}{tried}，不过目录里有名字带着它的：{files}。它们是不是在用 {name}，我没有读，说不准。 | No file content mentions {name}{tried}, but these names contain it: {files}. Whether they use {name}, I did not read them and can't tell.
not_found_in | search_files 在 {folder} 里没有搜到 {name}（只搜了 {folder}，依赖清单和别的目录不在里面）{tried}。 | search_files found {name} nowhere in {folder} (I searched only {folder}; the manifests and the other folders are not in it){tried}.
route_parts | 路由常常分几段写（挂载的前缀、路径、参数，比如 `app.use("/api", router)` 加 `router.get("/hello")`），没搜到整串不等于没有这个路由。 | ␣A route is often written in pieces (a mount prefix, a path, parameters, as in `app.use("/api", router)` plus `router.get("/hello")`), so not finding the whole string does not mean the route is not served.
tried | （{names} 都搜了） |  (I searched for {names})
not_own | \n（没有搜 {folders}：版本库、依赖和虚拟环境里是别人的代码，不算项目用到。） | \n(I did not search {folders}: version control, dependencies and virtual environments hold other people's code.)
no_test_folder | 我看了{where}：这里没有 tests、test、__tests__ 或 spec 目录，也没有 test_x.py、x.test.js 这样命名的文件（更深的子目录我没有找）。 | I looked in {where}: there is no tests, test, __tests__ or spec folder, and no file named like test_x.py or x.test.js (I did not look in deeper folders).
no_test_folder_part | {seen}，里面没有 tests、test、__tests__ 或 spec 目录，也没有按测试命名的文件；没看全，不能说没有。 | {seen}, and none of them is a test folder or a file named like a test; I did not see the rest, so I can't say there is none.
test_files | 测试目录里的文件、按测试命名的文件： | Files in the test folders, and files named like tests:
no_test_names | （这个目录里没有按测试命名的文件，比如 test_x.py、x.test.js；子目录里的没有看） | (no file in this folder is named like a test, such as test_x.py or x.test.js; subfolders not checked)
empty_tests | （测试目录是空的） | (the test folder is empty)
tests_scope | （我只看了{where} 这几处：更深的目录里按测试命名的文件没有找） | (I looked only in {where}: files named like tests in deeper folders were not searched for)
top | 顶层 | the top folder
not_listed | （子目录，没有往里列） |  (a subfolder; not listed)
file_unreadable | {path} 读不了：{why}。 | I could not read {path}: {why}.
file_name_hint | （我听出的文件名是 {path}：要是名字里有空格或者分号，把它放在引号里再问。） |  (I took the file name to be {path}: if the name has a space or a semicolon, put it in quotes and ask again.)
file_empty | {path} 是空文件。 | {path} is empty.
file_whole | {path} 一共 {n} 行 | {path} has {n} line(s)
file_seen | {path} 我只看到了 {n} 行（没有读全） | I saw only {n} lines of {path} (not all of it)
file_partial | {path} 我只看到了开头被截断的一部分，不到一整行 | I saw only a cut-off start of {path}, less than one whole line
gap_ambiguous | 结果末尾有一行分不清是匹配还是工具的说明（{line}） | a line at the end of the results could be a match or the tool's note ({line})
appears_in | 按 {names} 搜，出现在这些文件里：{files}。 |  Searched as {names}, it appears in: {files}.
file_quoted | ，下面是前 {n} 行 | ; here are the first {n}
file_purpose | \n\n（你问的是它做什么：上面引了它的内容，我不从代码里概括它的用途。） | \n\n(You asked what it does: above is its content; I don't sum up what code does.)
file_value | \n\n（你问的是它里面写的一项：上面引了它的内容，我不从里面挑出来回答。） | \n\n(You asked about one thing it says: above is its content; I don't pick it out for you.)
no_readme | 工作目录里没有 README，我不从别的文件猜项目是做什么的。可以问“这个项目用了什么技术栈”，或者问入口文件。 | There is no README in the work folder, and I won't guess from other files. Try asking about the tech stack.
readme_unlisted | {seen}，看到的部分里没有 README：说不准有没有，也说不出项目是做什么的。 | {seen}, and the part I saw has no README, so I can't tell what the project does.
readme_error | {readme} 读不了：{why} | I could not read {readme}: {why}
no_paragraph | {readme} 开头没有一段说明文字，我不从里面猜项目是做什么的。 | {readme} does not start with a paragraph of prose, so I won't guess.
readme_part | {readme} 只看到了开头一部分（后面被截断了，翻页也补不回来），看到的部分里还没有说明文字：我说不出项目是做什么的。 | I saw only the start of {readme} (the rest was cut off and paging can't bring it back), and that part has no paragraph of prose yet, so I can't tell what the project does.
paragraph_part | \n\n（{readme} 在这段话当中被截断了：后面可能还有没看到的。） | \n\n({readme} was cut off in the middle of this paragraph: there may be more that I did not see.)
about | 根据 {readme}，这个项目{title}是这样介绍自己的（第一段）：\n\n    {paragraph} | According to {readme}, this project{title} describes itself like this (first paragraph):\n\n    {paragraph}
titled | （{title}） |  ({title})
not_run | 命令没有执行：{reason}。所以我不知道{what}。 | The command did not run: {reason}. So I can't tell {what}.
reason_no_tty | 需要用户确认，但当前不是交互终端 | it needs your approval, but this is not an interactive terminal (pass --yes to approve commands automatically)
reason_declined | 用户拒绝了这条命令 | you declined it
reason_too_long | 命令太长 | the command was too long to show for approval
failed | 命令 `{command}` 失败了（退出码 {code}）：“{line}” | `{command}` failed (exit code {code}): "{line}"
output_first | \n    …（一共 {n} 行，上面是前 {shown} 行） | \n    … ({n} lines in all; the first {shown} are above)
output_part | \n\n（输出太长，中间被截掉了一段：我只看到了开头和结尾，上面不是全部。） | \n\n(The output was too long and its middle was cut: I saw only its beginning and end, not all of it.)
no_output | （没有输出） | (no output)
output_unseen | （输出被截断了，我没看到内容） | (the output was cut off; I saw none of it)
what_ls | {where}下有什么 | what is in {where}
ls_empty | {where}是空的：`{command}` 什么也没有列出。 | Nothing in {where}: `{command}` listed nothing.
ls_head | `{command}` 列出了 {n} 项：{names} | `{command}` listed these ({n}): {names}
ls_head_part | `{command}` 的输出里我看到了 {n} 项：{names} | In the output of `{command}` I saw {n} entries: {names}
ls_ext_top | \n只算这一层，其中 .{ext} 文件 {n} 个：{names}（子目录里的没有列出来，也没有数，整个项目里可能更多） | \nCounting this level only, {n} of these are .{ext} files: {names} (files in the subfolders were not listed or counted; the whole project may have more)
ls_ext | \n其中 .{ext} 文件 {n} 个：{names} | \nOf these, {n} are .{ext} files: {names}
ls_flat | \n\n（只列了这一层：{folders} 里面的没有列。） | \n\n(Only this level: what is inside {folders} was not listed.)
what_branch | 当前是哪个分支 | which branch this is
detached | `{command}` 没有输出分支名：按 git 的说明，这表示 HEAD 处于分离状态（detached HEAD），不在任何分支上。 | `{command}` printed no branch name: per git's documentation, HEAD is detached (not on any branch).
branch | 当前 git 分支是 {branch}（`{command}` 的输出）。 | The current git branch is {branch} (output of `{command}`).
what_content | 要往 {name} 里写什么？请在问题里写出来，例如：创建一个 {name} 写入 print("hi") 然后运行它 | What should go into {name}? Say it in the question, e.g.: create {name} with print("hi") and run it
cmd_cannot_write | 没有创建 {name}：要写的 {content} 里有 %、! 或换行，cmd 的 echo 会把它们改掉（%X% 展开成变量的值），写进去的就不是这些了。请换一种写法，或者自己建这个文件。 | {name} was not created: {content} has %, ! or a line break, which cmd's echo would change (%X% becomes a variable's value), so the file would not hold this. Write it another way, or create the file yourself.
what_created | {name} 有没有建好 | whether {name} was created
what_printed | 它会输出什么 | what it prints
not_created | 没有创建 {name}：命令没有执行（{reason}）。 | {name} was not created: the command did not run ({reason}).
not_run_either | 所以也没有运行它。 |  So it was not run either.
create_failed | 。没有运行它。 | . It was not run.
created | 已创建 {name}，写入了 {content}（退出码 0） | Created {name} containing {content} (exit code 0)
run_not_run | ；但运行它的命令没有执行（{reason}），所以我不知道它会输出什么。 | ; but the command to run it did not run ({reason}), so I can't tell what it prints.
run_failed | ；但运行失败了。 | ; but running it failed.␣
ran | ，运行了它（`{command}`，退出码 0），输出是： | , and ran it (`{command}`, exit code 0); it printed:
what_count | 每个 .{ext} 文件有多少行 | how many lines each .{ext} file has
what_count_file | {name} 有多少行 | how many lines {name} has
count_from_read | \n\n不过 {name} 我已经读全了：一共 {n} 行。 | \n\nBut I have read all of {name}: it has {n} line(s).
here | 当前目录 | this directory
count_no_files | 我没在 {folder} 里找到可以数的文件（子目录不算），没有数行数。 | I found no files to count directly in {folder}, so I counted no lines.
count_unlisted | 我没能列全 {folder}（{why}），没有数行数。 | I could not list all of {folder} ({why}), so I counted no lines.
count_head | `{command}` 的输出： | Output of `{command}`:
count_newlines | \n\n（wc -l 数的是换行符：文件的最后一行后面没有换行符的话，那一行没有算进去。） | \n\n(wc -l counts newline characters: if a file's last line has no newline after it, that line is not counted.)
count_flat | \n\n（`*.{ext}` 只匹配这一层的 .{ext} 文件：子目录里的没有数。） | \n\n(`*.{ext}` matches only the .{ext} files directly in this folder: those in subfolders were not counted.)
count_guess | \n（我只数了 .py 文件，别的文件没有数：要数别的，说出是哪种文件。） | \n(I counted only .py files, no other kind: name the kind of file to count another.)
count_subfolders | \n\n（子目录 {folders} 里的文件没有数。） | \n\n(The files in the subfolders {folders} were not counted.)
which_item | 我没听出你要查哪种商品：请说出商品名，例如“我需要 3 盒红笔，库存够吗？” | I could not make out which item to check: name it, e.g. “I need 3 boxes of red pens. Enough in stock?”
enough | 够。{name}库存 {have}，你需要 {need}：{stock} ≥ {q}。\n一共 {q} × {price} = {cost} {money}。 | Enough. {name}: {have} in stock, you need {need}: {stock} ≥ {q}.\nTotal: {q} × {price} = {cost} {money}.
short | 不够。{name}库存只有 {have}，你需要 {need}：{stock} < {q}，还差 {gap}，所以没有按 {need}算总价。 | Not enough. {name}: only {have} in stock, you need {need}: {stock} < {q}, {gap} short, so I did not price {need}.
stock_report | {name}：库存 {have}，单价 {price} {money}。 | {name}: {have} in stock at {price} {money} each.
ask_quantity | 我查到了{name}：库存 {stock}，单价 {price} {money}。\n但{why}——库存 {stock} 是现有的数量，不是你要买的数量。请告诉我你需要多少（比如几盒），我再核对库存、算总价。 | I found {name}: {stock} in stock at {price} {money} each.\nBut {why}: the stock of {stock} is what there is, not what you want to buy. Tell me how many you need and I'll check the stock and the total.
no_quantity | 我没从你的问题里听出你要多少 | I could not make out from your question how many you need
no_user | 这次输入里没有你的原话（没有 user 消息），我不知道你需要多少 | this input has none of your words (no user message), so I don't know how many you need
no_task | 这次输入里没有用户的问题（没有 user 消息），我不知道要做什么。请把你的问题再说一遍。 | This input has no question from the user (no user message), so I don't know what to do. Please ask again.
stock_error | 没能读到{name}的库存：read_file 读 {path} 时报错（{said}）。\n没有数据，我就不知道{name}现在有多少、单价是多少，判断不了库存能否满足你的需要，也算不出总价。请确认商品名称，或者看看 {folder} 目录里有没有 {item}.json。 | I could not read the stock of {name}: read_file on {path} failed ({said}).\nWithout the data I don't know how many there are or what they cost, so I can't tell whether the stock covers your order, and I can't give a total. Check the item's name, or whether {folder} has {item}.json.
stock_rules | system 规则（项目的 AGENTS.md）里说到了库存，可没有写成我读得懂的样子：我只认每种商品一个文件、路径里写着 <商品> 或 <item> 的写法（比如 stock/<商品>.json），别的写法我不去猜。所以{name}的库存我没有查。 | The system rules (the project's AGENTS.md) mention the stock, but not in a form I read: I only read one file per item, with a path that has <商品> or <item> in it (stock/<商品>.json, say), and I won't guess from other forms. So I did not check the stock of {name}.
stock_unknown | 我不知道{name}的库存数据在哪里：这次请求里没有写（system 规则里没有；项目的 AGENTS.md 写了的话，agent 会把它加进 system 规则），我就不去猜文件名。所以判断不了库存能否满足你的需要，也算不出总价。 | I don't know where the stock data of {name} is: this request does not say (the system rules don't; a project's AGENTS.md that says it would be added to them), and I won't guess file names. So I can't tell whether the stock covers your order, or give a total.
rules_cut | \n（请求里的 system 规则被截断了：没看到的那部分也许写了库存在哪里。） | \n(The system rules in this request were cut off: the part I did not see may say where the stock is.)
stock_cut | {path} 没能完整读到（结果在中途断了：可能是工具结果被截短了，也可能文件本身就没写完），我不拿半份数据回答：判断不了库存能否满足你的需要，也算不出总价。 | I could not read all of {path} (it stops mid-way: the tool result may have been cut short, or the file itself is unfinished), and I won't answer from half a record: I can't tell whether the stock covers your order, or give a total.
stock_bad | {path} 读到了，但它不是我能用的库存记录（要是 JSON：stock 是不小于 0 的整数，unit_price 是不小于 0、不超过 100 位的数，item、unit、currency 是文字），我不拿猜的数字回答：判断不了库存能否满足你的需要，也算不出总价。 | I read {path}, but it is not a stock record I can use (JSON with stock a whole number ≥ 0, unit_price a number ≥ 0 of at most 100 digits, and item, unit and currency as text), and I won't answer with guessed numbers: I can't tell whether the stock covers your order, or give a total.
stock_other_item | read_file 读 {path} 得到的记录写的是“{other}”（库存 {stock}、单价 {price}），不是你问的“{name}”：要么这份数据记错了，要么这条结果配错了调用。我不拿它来算。 | The record that read_file returned for {path} is about “{other}” (stock {stock}, price {price}), not the “{name}” you asked about: either the data is wrong or this result answers another call. I won't use it.
stock_other_unit | {path} 里的库存是 {stock} {unit}，你问的是 {q} {asked_unit}。我不知道一{asked_unit}是多少{unit}，所以判断不了够不够，也算不出总价。 | {path} counts {stock} {unit}, and you asked for {q} {asked_unit}. I don't know how many {unit} make one {asked_unit}, so I can't tell whether it is enough, or give a total.
line_enough | {name}：库存 {have}，你需要 {need}：{stock} ≥ {q}，够；{q} × {price} = {cost} {money}。 | {name}: {have} in stock, you need {need}: {stock} ≥ {q}, enough; {q} × {price} = {cost} {money}.
line_short | {name}：库存 {have}，你需要 {need}：{stock} < {q}，不够，还差 {gap}。 | {name}: {have} in stock, you need {need}: {stock} < {q}, {gap} short.
line_error | {name}：没能读到库存（read_file 读 {path} 时报错：{said}），不知道有多少、单价多少——不是 0，也不是缺货。 | {name}: I could not read its stock (read_file on {path} failed: {said}), so I don't know how many there are or the price. That is not 0, and not out of stock.
gap_of | {name}还差 {gap} | {name} by {gap}
some_short | {gaps}，所以没有算总价：不能当作都买得到。 | Short: {gaps}, so I gave no grand total: the order can't be filled as asked.
unsure_which | “{said}”：前面问的不止一种商品，我分不清这个数量说的是哪一种（还是每一种），怕算错，所以什么也没查：请带上商品名再问，比如“蓝笔要 2 盒呢？”。 | “{said}”: the question before asked about more than one item, and I can't tell which one this quantity is for (or whether it is for each), so I checked nothing rather than guess: please ask again with the item, e.g. “What about 2 boxes of blue pens?”.
unsure_order | 库存的问题我只听得懂这几种说法：“我需要 3 盒红笔。库存够吗？如果够，一共多少钱？”“3 盒红笔和 2 盒蓝笔”“红笔和蓝笔各 2 盒”“那蓝笔呢？”“要是 2 盒呢？”“红笔还有多少？”。“{said}”这一句我没听懂，怕把数量猜错，所以什么也没查：请换成这样的说法再问一次。 | For stock questions I only understand a few forms: “I need 3 boxes of red pens. Is there enough in stock? How much in total?”, “I need 3 boxes of red pens and 2 boxes of blue pens”, “What about blue pens?”, “What about 2 boxes?”, “How many red pens are left?”. I did not understand “{said}”, and I won't guess a quantity, so I checked nothing: please ask again in one of these forms.
restate | 这句话里有“{said}”，我分不清订单是不是改了：要什么我不替你猜，没有查库存。请把要的商品和数量完整地再说一遍，比如“我要 3 盒红笔和 2 盒蓝笔，够吗？” | Because of “{said}” I can't tell whether this changes the order: I won't guess what you want, so I checked nothing. Please say the whole order again, e.g. “I need 3 boxes of red pens and 2 boxes of blue pens. Enough?”
restate_earlier | 上一句里有“{said}”，重新读也一样，我分不清订单是不是改了：要什么我不替你猜，没有查库存。请把要的商品和数量完整地再说一遍，比如“我要 3 盒红笔和 2 盒蓝笔，够吗？” | Because of “{said}” in your last message, reading again does not help: I can't tell whether this changes the order: I won't guess what you want, so I checked nothing. Please say the whole order again, e.g. “I need 3 boxes of red pens and 2 boxes of blue pens. Enough?”
prices_not_added | （单价我没有加在一起：要算一共多少钱，请说每种要多少。） | (I did not add the prices up: to get a total, say how many of each you need.)
not_counted | 你没说{names}要多少（见上面），所以没有算进去，也没有给总价。 | You did not say how many {names} you need (see above), so I left them out and gave no grand total.
some_unknown | {names}的情况不清楚（见上面），所以判断不了是不是都够，也没有算总价。 | I don't know enough about {names} (see above), so I can't tell whether everything is in stock, and I gave no grand total.
currencies_differ | 币种不一样，没有加在一起。 | The currencies differ, so I did not add them up.
currency_unknown | 都够。有的数据没写币种，不知道是不是同一种钱，所以没有加在一起。 | All in stock. Some records give no currency, so I can't tell whether the prices are in the same money and did not add them up.
all_enough | 都够。一共 {sums} = {total} {money}。 | All in stock. Total: {sums} = {total} {money}.
stock_sum | 加起来一共 {sums} = {total}。 | Altogether: {sums} = {total}.
units_differ | 单位不一样，没有加在一起。 | The units differ, so I did not add them up.
tests_not_counted | \n\n（你还问了测试里测的是什么（或有几个用例）：上面读到的文件在那里，用例我没有数、也没有一个个说。） | \n\n(You also asked what the tests check (or how many cases they have): the files I read are shown above, but I did not count or describe the cases.)
tests_not_read | \n\n（你还问了测试里测的是什么（或有几个用例）：我只列出了文件，没有读它们，说不出来。） | \n\n(You also asked what the tests check (or how many cases they have): I only listed the files and did not read them, so I can't say.)
only_checked | 只查询，没有下单，也没有扣减库存。 | Only checked: nothing was ordered and no stock was reserved.
sources | （{parts}。{unitless}） | ({parts}.{unitless})
from_question | 数量 {quantities} 来自你的问题 | the quantity {quantities} comes from your question
from_questions | 数量 {quantities} 来自你的问题 | the quantities {quantities} come from your question
numbers_of | 库存 {stock}、单价 {price}  | the stock {stock} and the price {price}
numbers | 库存和单价 | the stock and the prices
from_files | {numbers}来自 {files} | {numbers} come from {files}
reused | \n\n（{things} 是之前的问题里读到、搜到的：后来改了的话，说“重新读一下”。） | \n\n({things}: read or searched for an earlier question; if it has changed since, say “read it again”.)
earlier | （是之前的问题里读到的：文件后来改了的话，说“重新读一下”） |  (read for an earlier question: if the file has changed since, say “read it again”)
earlier_of | （其中 {files} 是之前的问题里读到的：文件后来改了的话，说“重新读一下”） |  ({files} read for an earlier question: if it has changed since, say “read it again”)
pasted | 你贴的记录 | the record you pasted
pasted_unused | \n（你贴在问题里的库存记录有 {n} 条我没有用上：商品名对不上、同一种贴了两条，或者不是能用的记录。上面的数不是来自它们。） | \n({n} of the stock records you pasted into your question were not used: the item does not match, the same item was pasted twice, or the record is not usable. The numbers above do not come from them.)
from_user_data | 库存和单价来自你贴在问题里的数据，不是工具读到的 | the stock and the price come from the data you pasted into your question, not from a tool
other_fields | 记录里还有 {fields} 字段：里面写的我没有看，上面的数没有把它算进去。 |  The record also has the field(s) {fields}: I did not read them, and the figures above leave them out.
unitless | {items}的库存数据里没写单位：我按你说的“{units}”来比。 |  The stock data for {items} gives no unit: I compared it with your {units}.
unit_taken | 你没说{items}要多少什么：我按库存数据里的“{units}”来比。 |  You gave no unit for {items}: I compared in the stock data's {units}.
carried_items | （商品沿用你前面问的：{said}。）\n | (Same items as you asked earlier: {said}.)\n
carried_quantity | （数量沿用你前面问的 {said}。）\n | (Same quantity as you asked earlier: {said}.)\n
carried_both | （商品和数量沿用你前面问的：{said}。）\n | (Same items and quantities as you asked earlier: {said}.)\n
no_currency | （数据里没写币种） | (the data gives no currency)
unread_table | - {path} 的 [{table}] 表是我不读的写法：上面没有它里面的依赖 | - I do not read the [{table}] table of {path}: its dependencies are not above
included_only | - {files} 是被别的清单引用才读的：它们所在的目录里别的清单（比如开发、测试用的）我没有看，要是有，上面没有它们的依赖 | - {files}: read only because another manifest includes it; other manifests in the same folder (for development or tests, say) I did not look at, and if there are any, their dependencies are not above
folders_unread | - {folders} 这些子目录可能有自己的依赖清单，我没有往里看（别的子目录也没有）：要是有，上面没有它们的依赖 | - {folders} may have manifests of their own, and I did not look inside (nor into other subfolders): if they do, their dependencies are not above
mentioned | 没有找到我认得的 {name} 的依赖声明（package.json、pyproject.toml、requirements*.txt），也没有找到我认得的按包名引入它的写法（一行开头的 `import {name}`、`from {name} import …`，或者 `require("{name}")`）{where}；别的语言的引入我看不出来。按 {names} 搜，它出现在这些文件里：{files}。这些地方是不是在用它（比如从项目自己的模块引入它：`from app import {name}`、`from .{name} import …`、相对路径的 import；或者在那里定义了它），我判断不了。 | I found no manifest declaration of {name} that I recognise (package.json, pyproject.toml, requirements*.txt) and no import of it by package name that I recognise (a line starting with `import {name}` or `from {name} import …`, or a `require("{name}")`){where}; I can't read imports in other languages. Searched as {names}, it appears in: {files}. Whether those use it (for example imports from the project's own modules: `from app import {name}`, `from .{name} import …`, a relative path; or a definition of it there), I can't tell.
command_odd | 我看不懂 `{command}` 的结果（“{said}”：不是“退出码：N”开头的），所以不知道{what}。 | I can't read the result of `{command}` (“{said}”: it does not start with an exit code), so I can't tell {what}.
cut_unseen | `{command}` 的输出被截断了，我一行也没看到，所以不知道{what}。 | The output of `{command}` was cut off and I saw none of it, so I can't tell {what}.
"""
TEXTS = {
    k: (zh, en)
    for k, zh, en in (row.replace("\\n", "\n").replace("␣", " ").split(" | ") for row in TABLE.strip().splitlines())
}


def say(key: str, en: bool, /, **fields) -> str:
    """表里的一句话，填好花括号；en 为真用英文。"""
    return TEXTS[key][1 if en else 0].format(**fields)


def join(items, en: bool) -> str:
    return ("、" if not en else ", ").join(str(item) for item in items)
