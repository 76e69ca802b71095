"""--demo 跑第二篇讲义的四个例子（run_command，每条命令照常确认），“这个项目是做什么的”，“跑一下测试”，
以及英文问题用英文回答。"""

import json
import re
import shutil
import subprocess

import pytest
from conftest import ROUNDS, Terminal, posix_only, run_main

import agent
import tools
from support.demo import shell as demo_shell
from support.demo.model import demo_client
from support.demo.question import english, understand
from support.demo.words import QUESTIONS
from support.options import Options

needs_git = pytest.mark.skipif(not shutil.which("git"), reason="没有 git")
LIST = "帮我看一下当前目录下都有些什么文件"
BRANCH = "检查一下当前 git 分支"
HELLO = '创建一个 hello.py 写入 print("hi") 然后运行它'
COUNT = "帮我统计当前目录下每个 .py 文件的行数"
PYTHON = "python3"  # run_command 的说明写着 /bin/sh：演示用 python3（跑测试的 Python 排在 PATH 最前面）
CJK = re.compile(r"[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]")


def demo(*args, cwd, **env):
    """--demo 问一个问题，--show-messages 打印 messages：返回 (输出, 最终回答, 执行过的命令)。"""
    env.setdefault("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")  # “跑一下测试”启动的 pytest 不加载插件：快几秒
    result = run_main("--demo", "--show-messages", *args, cwd=cwd, **env)
    out = result.stdout
    messages = json.loads(out[out.index("\n[\n") + 1 :])
    calls = [tc["function"] for m in messages for tc in m.get("tool_calls") or []]
    commands = [json.loads(c["arguments"])["command"] for c in calls if c["name"] == "run_command"]
    last = messages[-1]
    answer = last["content"] if last["role"] == "assistant" and not last.get("tool_calls") else ""
    return out, answer, commands


def files(work, **named):
    for name, text in named.items():
        (work / name).write_text(text, encoding="utf-8")


def git_repo(work, branch="demo-branch"):
    subprocess.run(["git", "init", "-q"], cwd=work, check=True)
    subprocess.run(["git", "symbolic-ref", "HEAD", f"refs/heads/{branch}"], cwd=work, check=True)


# ── 四个例子，--yes ──────────────────────────────────────────
@posix_only("断言的是 POSIX shell 的命令")
def test_listing_runs_ls_and_names_what_it_printed(workdir):
    files(workdir, **{"a.py": "print(1)\n", "notes.txt": "x\n", ".env.example": "K=\n"})
    (workdir / "src").mkdir()
    out, answer, commands = demo("--yes", LIST, cwd=workdir)
    assert commands == ["ls -Apq"]
    assert "[最终回复]" in out and "列出了 4 项" in answer
    assert "src/" in answer and "a.py" in answer and ".env.example" in answer and "notes.txt" in answer


@posix_only("断言的是 POSIX shell 的命令")
def test_listing_a_named_folder_lists_that_folder(workdir):
    (workdir / "pkg").mkdir()
    files(workdir / "pkg", **{"a.py": "print(1)\n"})
    files(workdir, **{"top.txt": "x\n"})
    _, answer, commands = demo("--yes", "帮我看一下 pkg 目录下都有些什么文件", cwd=workdir)
    assert commands == ["ls -Apq pkg"] and "列出了 1 项：a.py" in answer and "top.txt" not in answer


@posix_only("断言的是 POSIX shell 的命令")
def test_listing_an_empty_folder_says_it_is_empty(workdir):
    _, answer, _ = demo("--yes", LIST, cwd=workdir)
    assert "当前目录是空的" in answer


@needs_git
def test_branch_in_a_git_repository(workdir):
    git_repo(workdir)
    _, answer, commands = demo("--yes", BRANCH, cwd=workdir)
    assert commands == ["git branch --show-current"]
    assert "当前 git 分支是 demo-branch" in answer


@needs_git
def test_branch_outside_a_git_repository_passes_the_error_on(workdir, tmp_path):
    out, answer, _ = demo("--yes", BRANCH, cwd=workdir, GIT_CEILING_DIRECTORIES=str(tmp_path), LC_ALL="C")
    assert "退出码：128" in out  # 错误原样回到了模型那里
    assert "失败了（退出码 128）" in answer and "not a git repository" in answer and "分支是" not in answer


@posix_only("断言的是 POSIX shell 的命令")
def test_hello_is_created_then_run_by_two_commands(workdir):
    out, answer, commands = demo("--yes", HELLO, cwd=workdir)
    assert commands == ["printf '%s\\n' 'print(\"hi\")' > hello.py", f"{PYTHON} hello.py"]
    assert re.findall(r"第 (\d+) 轮", out) == ["1", "2", "3"]  # 先建，看到结果再运行：两轮各一条命令
    assert (workdir / "hello.py").read_text(encoding="utf-8") == 'print("hi")\n'
    assert answer.startswith('已创建 hello.py，写入了 print("hi")（退出码 0），运行了它')
    assert "输出是：\n\n    hi\n" in answer


def test_a_script_that_fails_is_reported_with_its_error_line(workdir):
    _, answer, commands = demo("--yes", '创建一个 boom.py 写入 raise SystemExit("炸了") 然后运行它', cwd=workdir)
    assert len(commands) == 2
    assert "但运行失败了" in answer and "退出码 1" in answer and "“炸了”" in answer and "输出是" not in answer


@posix_only("断言的是 POSIX shell 的命令")
def test_line_counts_come_from_wc(workdir):
    files(workdir, **{"a.py": "print(1)\n", "b.py": "x = 1\ny = 2\n", "c.txt": "1\n2\n3\n"})
    _, answer, commands = demo("--yes", COUNT, cwd=workdir)
    assert commands == ["wc -l *.py"]
    assert re.search(r"1 a\.py\n +2 b\.py\n +3 total", answer) and "c.txt" not in answer  # wc 的输出原样引用


@posix_only("断言的是 POSIX shell 的命令")
def test_a_file_wc_counts_as_0_lines_is_quoted_not_called_empty(workdir):
    files(workdir, **{"a.py": "print(1)"})  # 一行，末尾没有换行符：wc -l 数的是换行符
    _, answer, _ = demo("--yes", COUNT, cwd=workdir)
    assert "    0 a.py" in answer and "空" not in answer


@posix_only("断言的是 POSIX shell 的命令")
def test_line_counts_of_the_chapters_folder_and_of_no_file(workdir):
    (workdir / "build-agent-example" / "code").mkdir(parents=True)
    files(workdir / "build-agent-example" / "code", **{"step05.py": "a\nb\nc\n"})
    _, answer, commands = demo("--yes", "帮朕统计 build-agent-example/code 下每个 .py 文件的行数", cwd=workdir)
    assert commands == ["wc -l build-agent-example/code/*.py"]
    assert "    3 build-agent-example/code/step05.py" in answer
    _, answer, _ = demo("--yes", COUNT, cwd=workdir, LC_ALL="C")
    assert "失败了（退出码 1）" in answer and "No such file" in answer and "行数" not in answer


# ── 没有终端、没有 --yes：命令不执行，回答说没执行 ─────────────────
@pytest.mark.parametrize(
    "question,unknown",
    [(LIST, "我不知道当前目录下有什么"), (BRANCH, "我不知道当前是哪个分支"), (COUNT, "我不知道每个 .py 文件有多少行")],
)
def test_refused_without_a_terminal_says_the_command_did_not_run(workdir, question, unknown):
    files(workdir, **{"a.py": "print(1)\n"})
    out, answer, commands = demo(question, cwd=workdir)
    assert len(commands) == 1 and "[确认]" not in out
    assert answer.startswith("命令没有执行：需要用户确认，但当前不是交互终端") and unknown in answer
    assert "a.py" not in answer and "分支是" not in answer


def test_refused_hello_is_neither_created_nor_run(workdir):
    _, answer, commands = demo(HELLO, cwd=workdir)
    assert len(commands) == 1  # 第一条没执行，就不再要第二条
    assert not (workdir / "hello.py").exists()
    assert answer.startswith("没有创建 hello.py：命令没有执行") and "所以也没有运行它" in answer


# ── 伪终端里真的问 (y/N) ──────────────────────────────────────
@posix_only("断言的是 POSIX shell 的命令")
def test_each_command_is_approved_on_a_terminal(workdir):
    term = Terminal(None, "--demo", cwd=workdir, TERM="dumb")
    term.wait_for("你：")
    term.ask(HELLO, "y", "y")  # 两条命令，各问一次
    term.ask(BRANCH, "n")
    assert term.quit() == 0
    screen = term.out.replace("\r\n", "\n")
    assert screen.count("[确认]") == 3
    assert "printf '%s\\n' 'print(\"hi\")' > hello.py" in screen and f"{PYTHON} hello.py" in screen
    assert (workdir / "hello.py").exists() and "输出是：\n\n    hi" in screen
    assert "命令没有执行：用户拒绝了这条命令。所以我不知道当前是哪个分支" in screen


# ── 这个项目是做什么的 ─────────────────────────────────────────
def test_what_the_project_does_comes_from_the_readme(project):
    out, answer, _ = demo("这个项目是做什么的？", cwd=project)
    assert re.findall(r"\[调用工具\] (\w+)", out) == ["list_files", "read_file"]
    assert answer.startswith("根据 README.md，这个项目（My Project）")
    assert "A full-stack web application with React frontend and Express backend." in answer
    _, answer, _ = demo("what does this project do", cwd=project)
    assert answer.startswith("According to README.md, this project (My Project) describes itself")


def test_no_readme_and_a_readme_without_prose(workdir):
    files(workdir, **{"main.py": "print(1)\n"})
    assert "工作目录里没有 README" in demo("这个项目是做什么的？", cwd=workdir)[1]
    files(workdir, **{"README.md": "# tool\n\n```bash\npip install tool\n```\n"})
    _, answer, _ = demo("这个项目是做什么的？", cwd=workdir)
    assert "README.md 开头没有一段说明文字" in answer and "pip" not in answer


def test_readme_past_the_first_page_of_the_listing_is_found(workdir):
    for i in range(310):  # 大写 A 排在 README.md 前面：README 在第二页
        (workdir / f"A{i:03}.txt").write_text("", encoding="utf-8")
    files(workdir, **{"README.md": "# Big\n\nA folder with many files.\n"})
    out, answer, _ = demo("What is this project about?", cwd=workdir)
    assert '"offset": 301' in out and "A folder with many files." in answer


def test_a_listing_it_could_not_finish_is_not_read_as_no_readme(workdir, monkeypatch, capsys):
    for i in range(8):
        (workdir / f"A{i}.txt").write_text("", encoding="utf-8")
    files(workdir, **{"README.md": "# Big\n\nA folder.\n"})
    monkeypatch.setattr(tools, "MAX_RESULT_CHARS", 100)  # 一页只放得下一项，翻 5 页也看不到 README
    messages = agent.run("这个项目是做什么的？", max_rounds=ROUNDS, client=demo_client(), model="demo")
    answer = messages[-1]["content"]
    assert "没有列全" in answer and "说不准有没有" in answer and "没有 README，我不" not in answer


# ── 跑一下测试：离线回放不做，照原话说没做 ─────────────────────────
@pytest.mark.parametrize("question", ["跑一下测试", "Could you run the tests?"])
def test_running_the_tests_is_named_as_not_done_not_answered_as_something_else(workdir, question):
    out, answer, commands = demo("--yes", question, cwd=workdir)
    assert commands == [] and "[调用工具]" not in out
    assert "认不出" in answer or "can't tell what kind" in answer


# ── 英文问题用英文回答 ─────────────────────────────────────────
@pytest.mark.parametrize(
    "question,expected",
    [
        ("What files are in this directory?", "listed"),
        ("list the files here", "listed"),
        ("Which git branch am I on?", "not a git repository"),
        ("check the current branch", "not a git repository"),
        ("Count the lines of each .py file", "Output of `wc -l *.py`"),
        ('Create hello.py with print("hi") and run it', "it printed:"),
        ("What does this project do?", "no README"),
        ("what is this repo about", "no README"),
        ("What's the weather like?", "can't tell what kind of question"),
        ("What tech stack does this project use?", "This project's tech stack"),
        ("Is lodash used anywhere?", "lodash was not found"),
    ],
)
def test_english_questions_get_english_answers(workdir, tmp_path, question, expected):
    files(workdir, **{"pyproject.toml": '[project]\nname = "t"\n', "test_it.py": "def test_it():\n    assert True\n"})
    _, answer, _ = demo("--yes", question, cwd=workdir, GIT_CEILING_DIRECTORIES=str(tmp_path), LC_ALL="C")
    assert expected in answer
    assert answer.endswith("Set up .env and drop --demo to use a real model.)")
    assert not CJK.search(answer), answer


def test_english_refusal_is_explained_in_english(workdir):
    _, answer, _ = demo('create hello.py with print("hi") and run it', cwd=workdir)
    assert answer.startswith("hello.py was not created: the command did not run (it needs your approval")
    assert not CJK.search(answer)


@pytest.mark.parametrize(
    "question,is_english",
    [("What is the entry point?", True), ("run the tests", True), ("跑一下测试", False), ("2 + 2？", False)],
)
def test_a_question_is_english_when_it_has_latin_letters_and_no_cjk(question, is_english):
    assert english(question) == is_english


# ── 听懂的问法 ───────────────────────────────────────────────
@pytest.mark.parametrize(
    "question,kind,detail",
    [
        (LIST, "ls", "."),
        ("帮朕看一下当前目录下都有些什么文件", "ls", "."),
        ("帮我看一下 pkg 目录下都有些什么文件", "ls", "pkg"),
        (BRANCH, "branch", None),
        (HELLO, "create", ("hello.py", 'print("hi")', True)),
        ('创建一个 hello.py 写入 print("hi")', "create", ("hello.py", 'print("hi")', False)),
        ("write print(1) to one.py and run it", "create", ("one.py", "print(1)", True)),
        (COUNT, "count", (".", "py")),
        ("count lines of each .js file in src", "count", ("src", "js")),
        ("这个项目是做什么的？", "about", None),
    ],
)
def test_the_second_texts_questions_are_told_apart(question, kind, detail):
    (part,) = understand(question).parts
    assert part.kind == kind
    shown = {"ls": part.folder, "create": part.names and (part.names[0], part.content, part.run)}
    shown["count"] = (part.folder, part.ext)
    assert shown.get(kind) == detail


def test_a_file_name_without_a_verb_before_it_is_not_a_request_to_create_it():
    assert [p.kind for p in understand("what does setup.py make?").parts] != ["create"]


def test_commands_for_windows_cmd():
    assert demo_shell.write_command("hello.py", 'print("a<b")', windows=True) == '> hello.py echo print("a<b")'
    assert demo_shell.write_command("x.py", "print(1 if a>b else 2)", windows=True) == (
        "> x.py echo print(1 if a^>b else 2)"
    )


@posix_only("断言的是 POSIX shell 的命令")
def test_an_output_cut_in_the_middle_is_said_to_be_partial(workdir, monkeypatch, capsys):
    for i in range(200):
        (workdir / f"file{i:03}.txt").write_text("", encoding="utf-8")
    monkeypatch.setattr(tools, "MAX_RESULT_CHARS", 1000)
    messages = agent.run(
        LIST, max_rounds=ROUNDS, client=demo_client(), model="demo", options=Options(auto_approve=True)
    )
    answer = messages[-1]["content"]
    assert "file000.txt" in answer and "file199.txt" in answer and "file100.txt" not in answer
    assert "我只看到了开头和结尾" in answer and "列出了 200 项" not in answer


def test_every_question_the_intro_lists_is_understood_in_both_languages():
    for zh, en in QUESTIONS:
        assert [p.kind for p in understand(zh).parts] == [p.kind for p in understand(en).parts] != [], (zh, en)


def test_the_repl_intro_lists_questions_in_both_languages(tmp_path):
    out = run_main("--demo", "-C", str(tmp_path), input="quit\n").stdout
    banner = out.split("你：")[0]
    for text in (LIST, BRANCH, HELLO, COUNT, "What does this project do?", "What does README.md say?"):
        assert text in banner
    assert "模型：offline-demo" in banner


@posix_only("断言的是 POSIX shell 的命令")
def test_the_help_lists_create_and_run_and_it_is_answered_without_a_note(workdir):
    """帮助里列着的问题（“… and run it”）：建了、运行了，不说哪一句没认出。"""
    out, answer, _ = demo("--yes", 'Create hello.py with print("hi") and run it', cwd=workdir)
    assert "hi" in answer and "did not recognise" not in answer


@posix_only("断言的是 POSIX shell 的命令")
def test_politeness_after_the_content_is_not_written_into_the_file(workdir):
    demo("--yes", 'Please create b.py containing print("x"), thanks', cwd=workdir)
    assert (workdir / "b.py").read_text(encoding="utf-8") == 'print("x")\n'


@posix_only("断言的是 POSIX shell 的命令")
def test_the_line_count_of_one_named_file(workdir):
    (workdir / "src").mkdir()
    files(workdir / "src", **{"index.js": "a\nb\nc\n"})
    _, answer, commands = demo("--yes", "How many lines are in src/index.js?", cwd=workdir)
    assert commands == ["wc -l src/index.js"] and "    3 src/index.js" in answer
