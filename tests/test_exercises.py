"""README“试着改改”的四个练习：在项目的副本上照着改，用 --demo 跑，结果要和 README 说的一样。"""

import re
import shutil

import pytest
from conftest import QUESTION, ROOT, agent_copy, edit, run_copy, set_constant


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
    result = demo(app, QUESTION)
    assert result.returncode == 0 and rounds(result.stdout) == ["1", "2", "3", "4"]
    limited = demo(app, "--max-rounds", "3", QUESTION)
    assert limited.returncode == 1 and "[警告] 达到最大轮次 3" in limited.stdout


def test_exercise_2_prints_the_length_under_each_round_banner(app):
    text = exercise(2)
    banner, added = re.findall(r"`(print\(.*?\))`", text)[:2]
    source = (app / "agent.py").read_text(encoding="utf-8")
    line = next(line for line in source.splitlines() if line.strip() == banner)
    indent = line[: len(line) - len(line.lstrip())]
    if f"{line}\n{indent}{added}\n" not in source:  # 学习者已经加过这一行就不再加
        edit(app / "agent.py", line + "\n", f"{line}\n{indent}{added}\n")

    out = demo(app, QUESTION).stdout
    assert re.findall(r"第 \d+ 轮 =+\n  messages 里现在有 (\d+) 条消息", out) == ["2", "4", "6", "8"]
    question = re.search(r"问 `\"(.*?)\"`", text).group(1)
    out = demo(app, question).stdout
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
    result = demo(app, question)
    assert result.returncode == 0
    assert re.findall(r"\[调用工具\] (.*)", result.stdout) == calls


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
    express = demo(app, "搜索一下项目里有没有用到 express")
    assert express.returncode == 0
    assert "[结果已截断：只显示了前 " in express.stdout  # 结果确实被截断了
    answer = express.stdout.split("[最终回复]", 1)[1]
    assert "用到了 express" in answer and "package.json" in answer and "没有用到" not in answer
    lodash = demo(app, "搜索一下项目里有没有用到 lodash").stdout.split("[最终回复]", 1)[1]
    assert "没有用到 lodash" in lodash  # 没截断、没匹配：这才能说没用到


def test_exercise_4_at_cap_100_the_stack_question_pages_and_never_says_absent(app):
    set_constant(app / "tools.py", "MAX_RESULT_CHARS", 100)
    out = demo(app, QUESTION).stdout
    assert '[调用工具] list_files({"path": ".", "offset": 2})' in out  # 每页一项：翻页
    assert '[调用工具] read_file({"path": "package.json"})' in out
    assert "没有 package.json" not in out
    assert "React 18.2" in out or "[警告] 达到最大轮次 10" in out  # 读完了就答对，轮次不够就停下，不瞎答
