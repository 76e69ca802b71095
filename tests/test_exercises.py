"""README“试着改改”的四个练习：在项目的副本上照着改，用 --demo 跑，结果要和 README 说的一样。"""

import json
import re
import shutil
import subprocess
import sys

import pytest
from conftest import (
    MEMORY_PRELUDE,
    QUESTION,
    ROOT,
    agent_copy,
    edit,
    our_tool,
    posix_only,
    run_copy,
    run_copy_each,
    run_main,
    set_constant,
)


def exercise(n):
    """README 里第 n 个练习的文字。"""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("## 试着改改")
    section = text[start : text.index("\n## ", start + 1)]
    return re.search(rf"^{n}\. (.*?)(?=^\d\. |\Z)", section, re.MULTILINE | re.DOTALL).group(1)


@pytest.fixture
def app(tmp_path):
    """项目的一份副本：程序文件和示例项目。"""
    copy = agent_copy(tmp_path)
    shutil.copytree(ROOT / "examples", copy / "examples")
    return copy


def demo(app, *args, rounds=10):
    """在副本上跑离线演示；rounds：--max-rounds（None：不写，用副本里的 MAX_ROUNDS）。"""
    return run_copy(app, "--demo", "-C", "examples/my-project", *args, rounds=rounds)


def demos(app, *runs, rounds=10):
    """几次 demo()（每次的参数是一个列表）：在同一个子进程里依次跑，副本只 import 一次。"""
    return run_copy_each(app, *(["--demo", "-C", "examples/my-project", *args] for args in runs), rounds=rounds)


def demo_unedited(app, *args, rounds=10):
    """和 demo() 一样，但副本没有改过（程序就是本进程里的这一份）：在本进程里跑，省下启动一个 Python。"""
    return run_main("--demo", "-C", "examples/my-project", *args, input="", cwd=app, rounds=rounds)


def rounds(out):
    return re.findall(r"第 (\d+) 轮", out)


def test_exercise_1_max_rounds_3_stops_the_four_round_question(app):
    assert "改成 `MAX_ROUNDS = 3`" in exercise(1)
    set_constant(app / "agent.py", "MAX_ROUNDS", 3)  # 副本里原来是多少都行：学习者可能已经改过了
    result = demo(app, QUESTION, rounds=None)
    assert result.returncode == 1
    assert rounds(result.stdout) == ["1", "2", "3"]
    assert "[警告] 达到最大轮次 3，停止执行。任务可能还没有完成。" in result.stdout
    assert "[最终回复]" not in result.stdout


def test_exercise_1_without_editing_the_question_needs_four_rounds(app):
    result = demo_unedited(app, QUESTION)
    assert result.returncode == 0 and rounds(result.stdout) == ["1", "2", "3", "4"]
    limited = demo_unedited(app, "--max-rounds", "3", QUESTION)
    assert limited.returncode == 1 and "[警告] 达到最大轮次 3" in limited.stdout


@our_tool("read_file")
def test_exercise_1_a_budget_of_20_finishes_what_10_cannot(app):
    """练习 1 的后一半离线做：MAX_RESULT_CHARS = 100 时结果一页只有一两行，技术栈问题要 12 轮。"""
    assert "第 12 轮回答（模型调用 12 次，工具执行 11 次）" in exercise(1)
    set_constant(app / "tools.py", "MAX_RESULT_CHARS", 100)
    twenty, ten = demos(app, ["--max-rounds", "20", QUESTION], ["--max-rounds", "10", QUESTION])
    assert twenty.returncode == 0 and rounds(twenty.stdout)[-1] == "12"
    assert "[统计] 模型调用 12 次，工具执行 11 次" in twenty.stdout and "React 18.2" in twenty.stdout
    assert "项目说明（来自 README.md）：A full-stack web application" in twenty.stdout  # README 的说明在第 2 页
    assert "package.json 只看到了一部分" in twenty.stdout  # 练习 4 的第 4 步：一个文件最多读 5 页
    # 练习 4 的第 3 步：每页一项，翻页；读不完就停下警告，不说“没有”
    assert '[调用工具] list_files({"path": ".", "offset": 2})' in ten.stdout
    assert '[调用工具] read_file({"path": "package.json"})' in ten.stdout and "没有 package.json" not in ten.stdout
    assert ten.returncode == 1 and "[警告] 达到最大轮次 10" in ten.stdout and "[最终回复]" not in ten.stdout


def test_exercise_2_prints_the_length_under_each_round_banner(app):
    text = exercise(2)
    banner, added = re.findall(r"`(print\(.*?\))`", text)[:2]
    source = (app / "agent.py").read_text(encoding="utf-8")
    line = next(line for line in source.splitlines() if line.strip() == banner)
    indent = line[: len(line) - len(line.lstrip())]
    if f"{line}\n{indent}{added}\n" not in source:  # 学习者已经加过这一行就不再加
        edit(app / "agent.py", line + "\n", f"{line}\n{indent}{added}\n")

    question = re.search(r"问 `\"(.*?)\"`", text).group(1)
    first, second = demos(app, [QUESTION], [question])
    out = first.stdout
    assert re.findall(r"第 \d+ 轮 =+\n  messages 里现在有 (\d+) 条消息", out) == ["2", "4", "6", "8"]
    out = second.stdout
    assert out.count("[调用工具] search_files") == 2
    assert re.findall(r"第 \d+ 轮 =+\n  messages 里现在有 (\d+) 条消息", out) == ["2", "5"]
    assert "依次打印 2、4、6、8" in text and "第 2 轮打印 5" in text


@pytest.mark.parametrize(
    "question,calls",
    [
        (
            "这个项目的入口文件是什么？",
            [
                'list_files({"path": "."})',
                'read_file({"path": "package.json"})',
                'list_files({"path": "src"})',
                'read_file({"path": "src/index.js"})',
            ],
        ),
        ("搜索一下项目里有没有用到 lodash", ['search_files({"query": "lodash"})']),
        ("帮我看看 tests 目录下有哪些测试文件", ['list_files({"path": "."})', 'list_files({"path": "tests"})']),
        ("Is lodash used anywhere?", ['search_files({"query": "lodash"})']),
    ],
)
def test_exercise_3_other_questions_take_the_paths_the_readme_describes(app, question, calls):
    assert question in exercise(3)
    result = demo_unedited(app, question)
    assert result.returncode == 0
    assert re.findall(r"\[调用工具\] (.*)", result.stdout) == calls


@our_tool("read_file")
def test_exercise_4_small_results_are_paged_with_offset(app):
    text = exercise(4)
    hint = re.search(r"`(\[第 1–5 行.*?\])`", text).group(1)
    set_constant(app / "tools.py", "MAX_RESULT_CHARS", 200)
    result = demo(app, QUESTION)
    assert result.returncode == 0
    out = result.stdout
    assert f"\n{hint}\n" in out.split("第 3 轮")[0]  # [工具结果] 里看得到从哪里接着读
    assert '[调用工具] read_file({"path": "package.json", "offset": 6})' in out
    assert rounds(out) == ["1", "2", "3", "4", "5"] and "一共 5 轮" in text
    answer = out.split("[最终回复]", 1)[1]
    for name in ("React 18.2", "Express 4.18", "Jest 29.7"):
        assert name in answer


@pytest.mark.parametrize("cap", [200, 100])
def test_exercise_4_a_cut_search_is_never_read_as_not_used(app, cap):
    set_constant(app / "tools.py", "MAX_RESULT_CHARS", cap)
    express, lodash = demos(app, ["搜索一下项目里有没有用到 express"], ["搜索一下项目里有没有用到 lodash"])
    assert express.returncode == 0
    assert "[结果已截断：只显示了前 " in express.stdout  # 结果确实被截断了
    answer = express.stdout.split("[最终回复]", 1)[1]
    assert "package.json" in answer and "没有搜到" not in answer
    assert "用到了 express" in answer or "声明了 express" in answer  # 截得只剩声明时，说声明了
    lodash = lodash.stdout.split("[最终回复]", 1)[1]
    assert "没有搜到 lodash" in lodash  # 没截断、没匹配：这才能说没用到


@our_tool("read_file")
def test_exercise_4_when_the_readme_s_first_paragraph_is_past_the_first_page_it_reads_on(app):
    """上限 100：README 的第一页只有标题，说明在第 2 行。接着读，而不是说“开头没有一段说明文字”。"""
    set_constant(app / "tools.py", "MAX_RESULT_CHARS", 100)
    out = demo(app, "这个项目是做什么的？").stdout
    assert '[调用工具] read_file({"path": "README.md", "offset": 2})' in out
    assert "A full-stack web application with React frontend and Express backend." in out.split("[最终回复]")[1]
    assert "没有一段说明文字" not in out


@our_tool("read_file")
def test_exercise_4_at_a_cap_too_small_for_the_paging_hint_the_readme_is_said_to_be_seen_in_part(app):
    """上限 60：连翻页提示都放不下，第 2 行被截在半中间。不说 README 没有说明，说只看到了一部分。"""
    set_constant(app / "tools.py", "MAX_RESULT_CHARS", 60)
    answer = demo(app, "这个项目是做什么的？").stdout.split("[最终回复]")[1]
    assert "README.md 只看到了开头一部分" in answer and "没有一段说明文字" not in answer


@posix_only("命令是 yes | head，PATH=/usr/bin:/bin；峰值内存读 /proc", needs="/proc/self/status")
@pytest.mark.parametrize("cap", [200, 100, 60, 10])
def test_exercise_4_every_result_stays_under_a_tiny_cap_and_says_it_was_cut(tmp_path, cap):
    """上限改得很小，每个工具的结果（包括 run_command 的 200 MB 输出）也不超过它，被截断时注明；
    run_command 读输出时占的内存也不涨。"""
    app = agent_copy(tmp_path)
    set_constant(app / "tools.py", "MAX_RESULT_CHARS", cap)
    (tmp_path / "work").mkdir()
    (tmp_path / "work" / "big.txt").write_text("一行字\n" * 5000, encoding="utf-8")
    code = MEMORY_PRELUDE + (
        "results = [tools.dispatch_tool(name, args, yes) for name, args in [\n"
        "    ('run_command', {'command': 'yes | head -c 200000000'}), ('read_file', {'path': 'big.txt'}),\n"
        "    ('list_files', {}), ('search_files', {'query': '一行字'})]]\n"
        "print(json.dumps([hwm() - before, [len(r) for r in results], results]))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path / "work", capture_output=True, text=True, timeout=120,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(app), "PYTHONIOENCODING": "utf-8"}, encoding="utf-8",
    )  # fmt: skip
    grown_kb, lengths, results = json.loads(out.stdout)
    assert grown_kb < 50 * 1024, f"上限 {cap} 时，200 MB 的输出让进程多用了 {grown_kb // 1024} MB"
    assert all(n <= max(cap, 4) for n in lengths), (cap, lengths)
    assert all("截断" in r or "省略" in r or "offset=" in r for r in results[:2]), results[:2]


@our_tool("read_file")
def test_exercise_4_a_declaration_seen_in_the_first_pages_of_a_manifest_counts(app):
    """上限 200：搜索结果被截断，pyproject.toml 读到第 5 页还没完。声明在读到的那几页里：说声明了，不说“没找到声明”。"""
    set_constant(app / "tools.py", "MAX_RESULT_CHARS", 200)
    project = app / "examples" / "weather"
    (project / ".venv").mkdir(parents=True)  # 隐藏目录：搜索结果多一句说明，被截断
    (project / "src").mkdir()
    deps = '    "fastapi>=0.110,<0.112",\n    "pydantic>=2.6",\n    "httpx>=0.27",\n    "redis~=5.0",\n]\n'
    extras = "".join(f'x{i} = ["pytest>=8.1"]\n' for i in range(20))
    toml = f'[project]\nname = "w"\nversion = "0.3.1"\ndependencies = [\n{deps}\n[project.optional-dependencies]\n'
    toml += extras
    (project / "pyproject.toml").write_text(toml, encoding="utf-8")
    (project / "src" / "cache.py").write_text("import json\n\nimport redis\n", encoding="utf-8")
    out = run_copy(app, "--demo", "-C", "examples/weather", "Is redis used anywhere?", rounds=20).stdout
    answer = out.split("[最终回复]", 1)[1]
    assert "pyproject.toml:8" in answer and "no declaration" not in answer, out
    assert "no code I searched" not in answer and "did not read all of pyproject.toml" in answer, answer


def test_exercise_3_asked_in_one_conversation_the_top_is_listed_once(app):
    """练习 3 在交互模式里接着问：tests 那个问题只再列 tests（顶层在入口问题里列过，README 这样说）。"""
    assert "只再列 tests" in exercise(3)
    questions = ["这个项目的入口文件是什么？", "搜索一下项目里有没有用到 lodash", "帮我看看 tests 目录下有哪些测试文件"]
    out = run_main("--demo", "-C", "examples/my-project", input="\n".join(questions) + "\n", cwd=app).stdout
    last = out.split("[最终回复]")[-2].split("你：")[-1]
    assert re.findall(r"\[调用工具\] (.*)", last) == ['list_files({"path": "tests"})'], out
