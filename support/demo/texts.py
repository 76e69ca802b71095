"""离线演示的 shell 规则（shell.py）回答时说的话：每句一对（中文，英文），问题是英文就用英文。

花括号里的名字由规则填进去：命令、退出码、引用的那一行输出、文件名……
"""

# 离线回放认得的问题，中英文各一种问法：HELP 和交互模式的开场白都从这里来
QUESTIONS = [
    ("帮我看一下当前目录下都有些什么文件", "What files are in this directory?"),
    ("检查一下当前 git 分支", "Which git branch am I on?"),
    ('创建一个 hello.py 写入 print("hi") 然后运行它', 'Create hello.py with print("hi") and run it'),
    ("帮我统计当前目录下每个 .py 文件的行数", "Count the lines of each .py file"),
    ("这个项目是做什么的？", "What does this project do?"),
    ("跑一下测试", "Run the tests"),
    ("帮我看看这个项目用了什么技术栈", "What tech stack does this project use?"),
    ("这个项目的入口文件是什么？", "What is the entry point?"),
    ("搜索一下项目里有没有用到 lodash", "Is lodash used anywhere?"),
    ("帮我看看 tests 目录下有哪些测试文件", "Which test files are there?"),
]
# 第三篇讲义的库存问题：在 examples/inventory 里问（-C examples/inventory）
INVENTORY = (
    "我需要 3 盒红笔。库存够吗？如果够，一共多少钱？",
    "I need 3 boxes of red pens and 2 boxes of blue pens. Enough in stock? How much in total?",
)
# 交互模式开始时打印（support/cli.py 交给 screen.prepare_repl()）：离线回放认得哪些问题，中英文各举几个
DEMO_INTRO = "离线回放认得这些问题（中文、英文都行）/ The offline replay understands questions like:\n" + "\n".join(
    f"  {zh} / {en}" for zh, en in QUESTIONS
)
DEMO_INTRO += f"\n  在 examples/inventory 里 / in examples/inventory：{INVENTORY[0]} / {INVENTORY[1]}"
DEMO_INTRO += "\n要执行的命令先给你看，答 y 才执行 / Each command is shown first and runs only if you answer y."

TEXTS = {
    # 命令没有执行、失败了、输出只看到一部分
    "not_run": (
        "命令没有执行：{reason}。所以我不知道{what}。",
        "The command did not run: {reason}. So I can't tell {what}.",
    ),
    "failed": ("命令 `{command}` 失败了（退出码 {code}）：“{line}”", '`{command}` failed (exit code {code}): "{line}"'),
    "partly": (
        "\n\n（输出太长，中间被截掉了一段：我只看到了开头和结尾，上面不是全部。）",
        "\n\n(The output was too long and its middle was cut: I saw only its beginning and end, not all of it.)",
    ),
    "no_output": ("（没有输出）", "(no output)"),
    # 目录里有什么
    "what_ls": ("当前目录下有什么", "what is in this directory"),
    "ls_empty": ("当前目录是空的：`{command}` 什么也没有列出。", "The directory is empty: `{command}` listed nothing."),
    "ls_head": ("`{command}` 列出了 {n} 项：", "`{command}` listed {n} entries:"),
    "ls_head_cut": ("`{command}` 的输出里我看到了 {n} 项：", "In the output of `{command}` I saw {n} entries:"),
    "ls_dirs": ("- 目录（{n}）：{names}", "- Folders ({n}): {names}"),
    "ls_files": ("- 文件（{n}）：{names}", "- Files ({n}): {names}"),
    "more": ("……（中间还有 {n} 项）……", "… ({n} more) …"),
    "ls_entries": ("- 文件和目录（{n}）：{names}", "- Entries ({n}): {names}"),
    # git 分支
    "what_branch": ("当前是哪个分支", "which branch this is"),
    "not_repo": (
        "工作目录不是 git 仓库：git 报错“{line}”（退出码 {code}），所以没有当前分支可说。",
        'The work dir is not a git repository: git says "{line}" (exit code {code}), so there is no current branch.',
    ),
    "detached": (
        "`{command}` 没有输出分支名：按 git 的说明，这表示 HEAD 处于分离状态（detached HEAD），不在任何分支上。",
        "`{command}` printed no branch name: per git's documentation, HEAD is detached (not on any branch).",
    ),
    "branch": (
        "当前 git 分支是 {branch}（`{command}` 的输出）。",
        "The current git branch is {branch} (output of `{command}`).",
    ),
    # 建一个文件再运行它
    "what_content": (
        '要往 {name} 里写什么？请在问题里写出来，例如：创建一个 {name} 写入 print("hi") 然后运行它',
        'What should go into {name}? Say it in the question, e.g.: create {name} with print("hi") and run it',
    ),
    "not_created": (
        "没有创建 {name}：命令没有执行（{reason}）。",
        "{name} was not created: the command did not run ({reason}).",
    ),
    "not_run_either": ("所以也没有运行它。", " So it was not run either."),
    "create_failed": ("。没有运行它。", ". It was not run."),
    "created": ("已创建 {name}，写入了 {content}（退出码 0）", "Created {name} containing {content} (exit code 0)"),
    "full_stop": ("。", "."),
    "run_not_run": (
        "；但运行它的命令没有执行（{reason}），所以我不知道它会输出什么。",
        "; but the command to run it did not run ({reason}), so I can't tell what it prints.",
    ),
    "run_failed": ("；但运行失败了。", "; but running it failed. "),
    "ran_silent": (
        "，运行也成功了（`{command}`，退出码 0），没有输出。",
        ", and ran it (`{command}`, exit code 0): no output.",
    ),
    "ran": ("，运行了它（`{command}`，退出码 0），输出是：", ", and ran it (`{command}`, exit code 0); it printed:"),
    # 每个 .py 文件的行数
    "what_count": ("每个 .{ext} 文件有多少行", "how many lines each .{ext} file has"),
    "here": ("当前目录", "this directory"),
    "no_glob": (
        "\n\nshell 没有展开 *.{ext}：{where}下没有 .{ext} 文件。",
        "\n\nThe shell did not expand *.{ext}: there is no .{ext} file in {where}.",
    ),
    "count_none": ("`{command}` 没有列出任何 .{ext} 文件。", "`{command}` listed no .{ext} file."),
    "count_head": (
        "{where}下每个 .{ext} 文件的行数（`{command}` 的输出）：",
        "Lines of each .{ext} file in {where} (output of `{command}`):",
    ),
    "count_row": ("- {name}：{n} 行", "- {name}: {n} lines"),
    "count_total": ("\n\n合计 {n} 行。", "\n\nTotal: {n} lines."),
    "wc_newlines": (
        "\n\n（wc -l 数的是换行符：写着 0 行的文件不一定是空的，可能只有一行、末尾没有换行。）",
        "\n\n(wc -l counts newlines: a file shown with 0 lines may hold one line without a newline at the end.)",
    ),
    # 这个项目是做什么的
    "listing_cut": (
        "目录没有列全（出错了或者被截断了），我看到的部分里没有 README，所以说不准有没有，也说不出项目是做什么的。",
        "I could not list the whole directory and the part I saw has no README, so I can't tell what the project does.",
    ),
    "no_readme": (
        "工作目录里没有 README，我不从别的文件猜项目是做什么的。可以问“这个项目用了什么技术栈”，或者问入口文件。",
        "There is no README in the work dir, and I won't guess from other files. Try asking about the tech stack.",
    ),
    "readme_error": ("{readme} 读不了：{got}", "I could not read {readme}: {got}"),
    "no_paragraph": (
        "{readme} 开头没有一段说明文字（标题下面是代码、列表或表格），我不从里面猜项目是做什么的。",
        "{readme} does not start with a paragraph of prose (code, a list or a table comes first), so I won't guess.",
    ),
    "readme_part": (
        "{readme} 只看到了开头一部分（后面被截断了，翻页也补不回来），看到的部分里还没有说明文字："
        "我说不出项目是做什么的。",
        "I saw only the start of {readme} (the rest was cut off and paging can't bring it back), and that part has "
        "no paragraph of prose yet, so I can't tell what the project does.",
    ),
    "paragraph_part": (
        "\n\n（{readme} 在这段话当中被截断了：后面可能还有没看到的。）",
        "\n\n({readme} was cut off in the middle of this paragraph: there may be more that I did not see.)",
    ),
    "about": (
        "根据 {readme}，这个项目{title}是这样介绍自己的（第一段）：\n\n    {paragraph}",
        "According to {readme}, this project{title} describes itself like this (first paragraph):\n\n    {paragraph}",
    ),
    "titled": ("（{title}）", " ({title})"),
    # 跑测试
    "what_tests": ("测试能不能通过", "whether the tests pass"),
    "no_test_command": (
        "我没有运行任何命令：{why}，我不知道这个项目用什么命令跑测试。",
        "I did not run anything: {why}, so I don't know how this project runs its tests.",
    ),
    "saw_part": ("目录没有列全，我看到的部分里", "I could not list the whole directory, and in the part I saw "),
    "bad_package": ("package.json 读不了或解析不了", "package.json could not be read or parsed"),
    "no_script": ("package.json 里没有 test 脚本（scripts.test）", 'package.json has no "test" script'),
    "no_marker": (
        "工作目录里没有 package.json、pyproject.toml、.py 文件、Cargo.toml 或 go.mod",
        "there is no package.json, pyproject.toml, .py file, Cargo.toml or go.mod here",
    ),
    "tests_passed": (
        "测试命令 `{command}` 成功结束（退出码 0）。输出的最后一行：“{last}”",
        'The test command `{command}` succeeded (exit code 0). Last line of its output: "{last}"',
    ),
    "no_tests": (
        "pytest 没有收集到任何测试（退出码 5）：“{last}”",
        'pytest collected no tests (exit code 5): "{last}"',
    ),
    "no_pytest": (
        "\n\n也就是说测试根本没有跑起来：运行 agent 的这个 Python 里没有装 pytest。"
        "装上它（pip install pytest），或者在项目自己的虚拟环境里运行 agent，再试一次。",
        "\n\nSo the tests never ran: pytest is not installed in the Python that runs the agent. "
        "Install it (pip install pytest), or run the agent from the project's own virtual environment, and try again.",
    ),
    "last_line": ("\n\n输出的最后一行：“{last}”", '\n\nLast line of its output: "{last}"'),
}
# run_command 说的没执行的原因（中文开头）→ 英文；不认识的原样引用
REASONS_EN = {
    "需要用户确认，但当前不是交互终端": "it needs your approval, but this is not an interactive terminal "
    "(pass --yes to approve commands automatically)",
    "用户拒绝了这条命令": "you declined it",
    "命令太长": "the command was too long to show for approval",
}


def say(en: bool, which: str, /, **fields) -> str:
    """TEXTS 里的一句话，填好花括号；en 为真用英文。"""
    return TEXTS[which][1 if en else 0].format(**fields)


def reason(text: str, en: bool) -> str:
    """没执行的原因：英文回答里能翻译的就翻译。"""
    if not en:
        return text
    return next((english for zh, english in REASONS_EN.items() if text.startswith(zh)), text)
