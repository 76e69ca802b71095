"""学习者自己的改动：照章节写的代码贴进来，程序照样能用，演示照样只说工具结果支持的话。

改代码的测试都在副本上做（agent_copy），不碰仓库。练习 1、2 做完以后整套测试照样要过：.ci/run 在副本上把
MAX_ROUNDS 改成 3、加上练习 2 的那一行，再跑一遍跑 agent 的测试。
"""

import ast
import contextlib
import json
import os
import re
import shutil
import subprocess
import sys

import pytest
import spawn
from conftest import (
    APPEND_RESULT,
    INVENTORY_QUESTION,
    QUESTION,
    ROOT,
    agent_copy,
    cli_env,
    edit,
    our_tool,
    posix_only,
    run_copy,
    run_copy_each,
    run_main,
    set_constant,
    with_rounds,
)

import tools
from support.demo.facts import read
from support.demo.stock import stock_record
from support.options import Options

# 章节“试着改改”第 4 题里的 read_file，一字不差
CHAPTER_READ_FILE = """def read_file(path: str) -> str:
    try:
        with open(path, "r", encoding="utf-8") as f:
            content = f.read()
            if len(content) > 5000:
                return content[:5000] + "\\n... (文件过长，已截断)"
            return content
    except Exception as e:
        return f"错误：{e}"


"""


@pytest.fixture
def pasted(tmp_path):
    """一份副本，tools.py 里的 read_file 换成了章节的版本；examples 也拷过去。"""
    app = agent_copy(tmp_path)
    shutil.copytree(ROOT / "examples", app / "examples")
    tools_py = app / "tools.py"
    tools_py.write_text(with_chapters_read_file(tools_py.read_text(encoding="utf-8")), encoding="utf-8")
    return app


def with_chapters_read_file(source: str) -> str:
    """tools.py 里每个顶层的 read_file 都去掉（学习者可能已经贴过一个），在第一个的位置放上章节的。"""
    lines, spans = source.splitlines(keepends=True), []
    body = ast.parse(source).body
    for node, after in zip(body, [*body[1:], None], strict=True):
        if isinstance(node, ast.FunctionDef) and node.name == "read_file":
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)]) - 1
            spans.append((first, after.lineno - 1 if after else len(lines)))
    for start, end in reversed(spans):
        lines[start:end] = [CHAPTER_READ_FILE] if (start, end) == spans[0] else []
    return "".join(lines)


def answer(result):
    assert result.returncode == 0, result.stderr
    return result.stdout.split("[最终回复]", 1)[1]


def python_project(work, requirements: str):
    work.mkdir()
    (work / "requirements.txt").write_text(requirements, encoding="utf-8")
    (work / "README.md").write_text("# Shop\n\nA small Flask shop backed by a SQL database.\n", encoding="utf-8")
    return work


# ── 章节的代码贴得进来 ────────────────────────────────────────
def in_a_terminal(app, *args) -> str:
    """在伪终端里跑副本 app/agent.py（stdout、stderr 都是终端），返回看到的全部输出。"""
    import pty

    master, slave = pty.openpty()
    proc = spawn.Popen(
        [sys.executable, str(app / "agent.py"), *with_rounds(args)], cwd=app, env=cli_env(None),
        stdin=subprocess.DEVNULL, stdout=slave, stderr=slave,
    )  # fmt: skip
    os.close(slave)
    out = b""
    with contextlib.suppress(OSError):  # 子进程退出后 Linux 报 EIO
        while chunk := os.read(master, 65536):
            out += chunk
    proc.wait(timeout=30)
    os.close(master)
    return out.decode("utf-8", "replace")


@posix_only("用伪终端")
@pytest.mark.parametrize("where", ["after the registry", "before the registry"])
def test_a_second_read_file_pasted_into_tools_py_is_named_at_start_up_when_it_is_not_used(tmp_path, where):
    """章节的 read_file 贴在我们的后面、没删我们的：Python 不报错，TOOL_REGISTRY 拿到的是建表前最后定义的那个。
    贴在文件末尾（表的后面）：它用不上，终端上一行 [注意] 说两处定义、用的是哪一个、为什么、怎么改；
    贴在表的前面：它顶替了我们的，什么也不用说。输出是管道时不多这一行（测试比对的输出不变）；问题照样答得出来。"""
    app = agent_copy(tmp_path)
    shutil.copytree(ROOT / "examples", app / "examples")
    source = (app / "tools.py").read_text(encoding="utf-8")
    at = len(source) if where == "after the registry" else source.index("# ── 工具注册表")
    source = source[:at] + "\n\n" + CHAPTER_READ_FILE + source[at:]
    (app / "tools.py").write_text(source, encoding="utf-8")
    lines = [n for n, line in enumerate(source.splitlines(), 1) if line.startswith("def read_file(")]
    registry = next(n for n, line in enumerate(source.splitlines(), 1) if line.startswith("TOOL_REGISTRY"))
    used = [n for n in lines if n < registry][-1]  # 建表时最后定义的那个
    shown = in_a_terminal(app, "--demo", "-C", "examples/my-project", QUESTION)
    notes = [line for line in shown.splitlines() if line.startswith("[注意] tools.py 里 read_file")]
    if lines[-1] > registry:
        assert len(notes) == 1, shown[:2000]
        assert f"定义了 {len(lines)} 次（第 {'、'.join(map(str, lines))} 行）" in notes[0]
        assert f"工具调用用的是第 {used} 行的（TOOL_REGISTRY 在第 {registry} 行建表" in notes[0]
    else:
        assert notes == [] and '"react": "^18.2.0"' in shown  # 用的是贴进来的章节版：原样的文件
    piped = run_copy(app, "--demo", "-C", "examples/my-project", QUESTION)
    assert "[注意] tools.py" not in piped.stdout + piped.stderr and "React 18.2" in answer(piped)


def test_the_chapters_read_file_pasted_in_still_names_the_stack(pasted):
    result = run_copy(pasted, "--demo", "-C", "examples/my-project", QUESTION)
    text = answer(result)
    for name in ("React 18.2", "Express 4.18", "Jest 29.7"):
        assert name in text
    assert "A full-stack web application" in text and "读不了或解析不了" not in text
    assert '"react": "^18.2.0"' in result.stdout  # 工具结果是原样的文件，没有行号


def test_the_chapters_read_file_reads_a_python_project_and_its_readme(pasted, tmp_path):
    work = python_project(tmp_path / "shop", "flask==3.0.0\nrequests>=2.31\nsqlalchemy>=2.0\npytest==8.1.1\n")
    stack, about = map(
        answer, run_copy_each(pasted, *(["--demo", "-C", str(work), q] for q in (QUESTION, "这个项目是做什么的？")))
    )
    for name in ("Flask 3.0", "pytest 8.1", "requests >=2.31", "sqlalchemy >=2.0", "A small Flask shop"):
        assert name in stack
    assert "A small Flask shop backed by a SQL database." in about and "没有一段说明文字" not in about


def test_a_manifest_cut_before_its_dependencies_is_said_to_be_cut_not_malformed(pasted, tmp_path):
    """章节的 read_file 只给前 5000 个字符：description 很长的 package.json 在依赖之前就被截断了。
    解析不了的是那半份，不是文件：不说“内容不是它该有的格式”，说只看到了开头。"""
    work = tmp_path / "long"
    work.mkdir()
    manifest = {"name": "long", "description": "x" * 6000, "dependencies": {"react": "^18.2.0"}}
    (work / "package.json").write_text(json.dumps(manifest), encoding="utf-8")
    cases = ((QUESTION, "结果被截断了"), ("What tech stack does this project use?", "the result was cut"))
    runs = run_copy_each(pasted, *(["--demo", "-C", str(work), question] for question, _ in cases))
    for (_, cut), run in zip(cases, runs, strict=True):
        said = answer(run)
        assert cut in said and "不是它该有的格式" not in said and "not in the expected form" not in said, said


def test_a_tool_without_an_options_parameter_is_called_without_it(monkeypatch, workdir):
    def read_file(path: str) -> str:  # 章节的写法：没有 options
        return f"读了 {path}"

    monkeypatch.setitem(tools.TOOL_REGISTRY, "read_file", read_file)
    assert tools.dispatch_tool("read_file", '{"path": "a.txt"}', Options(auto_approve=True)) == "读了 a.txt"


def test_an_argument_the_pasted_function_does_not_take_is_one_line_naming_it(monkeypatch, workdir):
    monkeypatch.setitem(tools.TOOL_REGISTRY, "read_file", lambda path: "不该执行")
    result = tools.dispatch_tool("read_file", '{"path": "a.txt", "offset": 2}')
    assert result.startswith("错误：read_file 不接受参数 offset：tools.py 里的 read_file() 没有这个参数")
    assert result.reason == "参数不对" and "TypeError" not in result and "\n" not in result


def test_exercise_4_says_what_the_pasted_version_gives_up():
    text = (ROOT / "README.md").read_text(encoding="utf-8").split("## 试着改改", 1)[1].split("\n## ", 1)[0]
    item = text[text.index("4. **限制工具结果长度**") :]
    assert "章节里那版 `read_file(path)`" in item
    for given_up in ("翻页", "工作目录的边界", "env 文件"):
        assert given_up in item


# ── 一个读结果的地方：不管结果长什么样 ──────────────────────────
@pytest.mark.parametrize(
    "got, lines",
    [
        ('1\t{\n2\t  "a": 1\n3\t}', ("{", '  "a": 1', "}")),  # 我们的行号
        ('{"item":"红笔","stock":5}', ('{"item":"红笔","stock":5}',)),  # 章节的原样文字
        ("col\tvalue\n3\tx", ("col\tvalue", "3\tx")),  # 本来就有制表符的文件：不当行号去掉
        ("flask==3\nrequests>=2\n", ("flask==3", "requests>=2")),  # 文件末尾的换行不是一行
        ("a\n\n", ("a", "")),
    ],
)
def test_the_reader_turns_every_form_into_the_same_text(got, lines):
    seen = read("read_file", {"path": "x"}, got)
    assert seen.lines == lines and seen.state == "complete" and seen.more is None


@pytest.mark.parametrize(
    "got",
    [
        "flask==3\nrequests>=2\npy\n... (文件过长，已截断)",  # 章节的截断
        "flask==3\nrequests>=2\npy\n[truncated]",
        "flask==3\nrequests>=2\npy\n…（后面省略）",
        "flask==3\nrequests>=2\npy\n(output truncated)",
        "flask==3\nrequests>=2\npy\n... [omitted 300 lines]",
    ],
)
def test_a_cut_is_a_cut_in_any_words_and_its_torn_line_is_not_a_fact(got):
    seen = read("read_file", {"path": "x"}, got)
    assert seen.state == "cut" and seen.lines == ("flask==3", "requests>=2")


def test_json_that_stops_midway_is_never_used_as_data_and_a_paged_one_is_read_on():
    torn = read("read_file", {"path": "x"}, '{"item":"红笔","stock":5,"unit_pr')
    assert stock_record(torn.text) is None  # 读得到的文字不是一条完整的记录：不拿它算
    hint = "[第 1–2 行；后面还有约 40 字节没显示，用 offset=3 继续读]"
    paged = read("read_file", {"path": "x"}, '1\t{\n2\t "item": "红笔",\n' + hint)
    assert paged.state == "more" and paged.more == 3


def test_a_requirements_file_longer_than_the_chapters_cut_is_answered_as_seen_in_part(pasted, tmp_path):
    extra = "".join(f"package{i}=={i}.0\n" for i in range(600))
    work = python_project(tmp_path / "shop", "flask==3.0.0\npytest==8.1.1\n" + extra)
    assert len((work / "requirements.txt").read_text(encoding="utf-8")) > 5000
    text = answer(run_copy(pasted, "--demo", "-C", str(work), QUESTION))
    assert "Flask 3.0" in text and "requirements.txt 只看到了一部分" in text and "可能不全" in text


def test_a_cut_in_the_middle_of_a_name_never_names_half_a_dependency(pasted, tmp_path):
    edit(pasted / "tools.py", "content[:5000]", "content[:46]")  # 切在 pytest 的 py 后面
    edit(pasted / "tools.py", "if len(content) > 5000:", "if len(content) > 46:")
    work = python_project(tmp_path / "shop", "flask==3.0.0\nrequests>=2.31\nsqlalchemy>=2.0\npytest==8.1.1\n")
    text = answer(run_copy(pasted, "--demo", "-C", str(work), QUESTION))
    assert "只看到了一部分" in text
    assert not re.search(r"(?<![\w-])py(?![\w-])", text.split("- 项目说明")[0])  # 不把 pytest 的前两个字母当依赖
    assert "pytest" not in text.split("- 项目说明")[0]  # 没看到的就不说


@our_tool("read_file")
def test_the_chapters_cut_inside_our_read_file_is_still_a_cut(tmp_path):
    app = agent_copy(tmp_path)
    edit(
        app / "tools.py",
        '    return "\\n".join(lines)\n\n\ndef search_files(',
        '    text = "\\n".join(lines)\n'
        '    return text[:300] + "\\n... (文件过长，已截断)" if len(text) > 300 else text\n\n\ndef search_files(',
    )
    work = tmp_path / "shop"
    work.mkdir()
    (work / "requirements.txt").write_text("".join(f"lib{i}=={i}.0\n" for i in range(100)), encoding="utf-8")
    text = answer(run_copy(app, "--demo", "-C", str(work), QUESTION))
    assert "requirements.txt 只看到了一部分" in text


def test_a_smaller_result_cap_keeps_the_inventory_answer_true(tmp_path):
    app = agent_copy(tmp_path)
    shutil.copytree(ROOT / "examples", app / "examples")
    set_constant(app / "tools.py", "MAX_RESULT_CHARS", 40)
    out = run_copy(app, "--demo", "-C", "examples/inventory", "我需要 3 盒红笔。库存够吗？如果够，一共多少钱？")
    text = answer(out)
    assert "36" in text or "没能完整读到" in text  # 读完了就算对，读不全就说读不全
    assert "0 盒" not in text and "缺货" not in text


# ── 不编单位 ───────────────────────────────────────────────
def test_a_unit_the_stock_data_does_not_have_is_never_given_to_the_stock():
    work = ROOT / "examples" / "inventory"
    text = run_main("--demo", "-C", str(work), "我需要 3 支红笔。库存够吗？如果够，一共多少钱？").stdout
    assert "库存 5，你需要 3 支" in text and "5 支" not in text
    assert "库存数据里没写单位：我按你说的“支”来比" in text


# ── 第三篇讲义也有英文 ─────────────────────────────────────────
def test_the_inventory_question_in_english_is_answered_in_english():
    work = ROOT / "examples" / "inventory"
    question = "I need 3 boxes of red pens and 2 boxes of blue pens. Enough in stock? How much in total?"
    out = run_main("--demo", "-C", str(work), question).stdout
    text = out.split("[最终回复]", 1)[1]
    assert "Red pens (红笔): 5 in stock, you need 3 boxes: 5 ≥ 3" in text
    assert "Total: 36 + 16 = 52 CNY." in text and "Only checked" in text
    assert not re.search(r"[\u4e00-\u9fff]", text.replace("红笔", "").replace("蓝笔", "").split("[统计]")[0])
    one = run_main("--demo", "-C", str(work), "I need 6 red pens. Is there enough in stock?").stdout
    assert "Not enough. Red pens (红笔): only 5 in stock, you need 6" in one


def test_the_demo_banner_lists_an_english_inventory_question(workdir):
    out = run_main("--demo", input="quit\n").stdout
    assert "I need 3 boxes of red pens" in out and "examples/inventory" in out


# ── 第二篇讲义的接口和这里的接口 ────────────────────────────────
def test_the_second_texts_protocol_is_mapped_onto_ours():
    page = (ROOT / "docs" / "second-text.md").read_text(encoding="utf-8")
    table = page[page.index("## 第二篇讲义的循环，和这里跑的循环") :]
    for theirs, ours in [
        ("client.messages.create", "client.chat.completions.create"),
        ('stop_reason != "tool_use"', 'if not msg.get("tool_calls")'),
        ("tool_result", '"role": "tool"'),
        ("input_schema", "parameters"),
        ("[执行命令]", "[调用工具]"),
        ("[命令输出]", "[工具结果]"),
        ("tool_use_id", "tool_call_id"),
    ]:
        assert theirs in table and ours in table
    assert "finish_reason" in table


# ── 网页说出每个问题为什么停下 ──────────────────────────────────
def page_of(recording):
    run_main("--page", str(recording))
    return recording.with_suffix(".html").read_text(encoding="utf-8")


def test_the_page_of_a_budget_of_one_names_the_round_limit(tmp_path):
    recording = tmp_path / "b1.jsonl"
    work = ROOT / "examples" / "inventory"
    out = run_main("--demo", "--max-rounds", "1", "--record", str(recording), "-C", str(work), INVENTORY_QUESTION)
    page = page_of(recording)
    assert "这个问题停下的原因：用完了轮次：一个问题最多 1 轮（--max-rounds 1）" in page
    assert "结果在下一轮送回模型" not in page and "结果没有再送回模型：用完了轮次" in page
    stats = re.search(r"\[统计\][^\n]*", out.stdout).group(0)
    assert stats in page  # 终端上的 [统计] 和网页上的一样


def test_the_page_of_contrast_2_names_the_hosts_stop(tmp_path):
    app = agent_copy(tmp_path)
    edit(app / "agent.py", APPEND_RESULT, "\n")
    recording = tmp_path / "c2.jsonl"
    work = ROOT / "examples" / "inventory"
    out = run_copy(app, "--demo", "--record", str(recording), "-C", str(work), INVENTORY_QUESTION)
    assert out.returncode == 1 and "[宿主拦截]" in out.stdout
    page = page_of(recording)
    assert "宿主检查没通过，下一次请求没有发出：[宿主拦截] call_demo_1 没有对应的 role:&quot;tool&quot; 结果" in page
    assert "结果在下一轮送回模型" not in page and "。。" not in page
    assert "[统计] 模型调用 1 次，工具执行 0 次，messages 共 3 条" in page  # 结果没有进 messages：录音看不到它
    assert "没有追加的，录音看不到它执行了没有" in page


def test_the_page_of_an_answered_question_says_it_was_answered(tmp_path):
    recording = tmp_path / "ok.jsonl"
    run_main("--demo", "--record", str(recording), "-C", str(ROOT / "examples" / "inventory"), INVENTORY_QUESTION)
    assert "这个问题停下的原因：得到了回答" in page_of(recording)
    events = [json.loads(line) for line in recording.read_text(encoding="utf-8").splitlines()]
    assert events[0]["limit"] == "--max-rounds"  # 测试都写了 --max-rounds（conftest 的 ROUNDS）


def test_contrast_2_with_a_budget_of_one_is_the_round_limit_and_replays_as_a_host_stop(tmp_path):
    """对照二再加上 --max-rounds 1：停下的是轮次上限，不是 Ctrl-C。
    改回来的 run() 放对照二的录音：说录制时宿主拦下了，不说 Ctrl-C。"""
    app = agent_copy(tmp_path)
    edit(app / "agent.py", APPEND_RESULT, "\n")
    work = ROOT / "examples" / "inventory"
    limited, stopped = tmp_path / "limited.jsonl", tmp_path / "stopped.jsonl"
    run_copy_each(  # 同一份副本的两次运行：一个子进程
        app,
        ["--max-rounds", "1", "--demo", "--record", str(limited), "-C", str(work), INVENTORY_QUESTION],
        ["--demo", "--record", str(stopped), "-C", str(work), INVENTORY_QUESTION],
    )
    assert "这个问题停下的原因：用完了轮次" in page_of(limited)
    replayed = run_main("--replay", str(stopped), "-C", str(work))
    assert "录制时宿主在这里拦下了下一次请求" in replayed.stdout and "Ctrl-C" not in replayed.stdout
    assert replayed.returncode != 130


def test_a_bug_in_run_is_not_recorded_as_a_host_stop(tmp_path):
    app = agent_copy(tmp_path)
    edit(app / "agent.py", "tool_done(result, stats)", "tool_done(result, stat)")  # NameError：agent 的 bug
    recording = tmp_path / "bug.jsonl"
    out = run_copy(
        app, "--demo", "--record", str(recording), "-C", str(ROOT / "examples" / "inventory"), INVENTORY_QUESTION
    )
    assert "NameError" in out.stderr
    kinds = [json.loads(line)["event"] for line in recording.read_text(encoding="utf-8").splitlines()]
    assert "host_stop" not in kinds and kinds[-1] == "interrupted"
    page = page_of(recording)
    assert "宿主检查没通过" not in page and "执行工具时按了 Ctrl-C（或者程序停了）" in page
    assert " 秒</span>" not in page  # 工具事件不再记几秒：网页不写空的“ 秒”


@pytest.mark.parametrize("layout", ["bom", "dict call"])
def test_a_second_definition_is_named_whatever_the_registry_looks_like(tmp_path, layout):
    from support.redefined import redefined_tools

    registry = {"dict call": "dict(read_file=read_file)", "bom": '{"read_file": read_file}'}[layout]
    registry = f"TOOL_REGISTRY = {registry}\n"
    source = "def read_file(path):\n    return 'a'\n\n\n" + registry + "\n\ndef read_file(path):\n    return 'b'\n"
    (tmp_path / "tools.py").write_text(("\ufeff" if layout == "bom" else "") + source, encoding="utf-8")
    (said,) = redefined_tools(tmp_path / "tools.py")
    assert "定义了 2 次（第 1、8 行）" in said and "工具调用用的是第 1 行的" in said
    assert "就把它挪到 TOOL_REGISTRY 前面" in said  # 只删前面那个，导入 tools.py 就会出错
