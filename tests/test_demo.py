"""--demo：离线回放。没有 key、服务商地址是死的，也要跑出章节的过程。"""

import json
import re

from conftest import run_cli

QUESTION = "帮我看看这个项目用了什么技术栈"


def demo(*args, cwd, input=None):
    # OPENAI_API_KEY 为空，OPENAI_BASE_URL 指向一个没人监听的端口：任何网络请求都会失败
    return run_cli("--demo", *args, cwd=cwd, input=input)


def tool_calls_in(out):
    return re.findall(r"\[调用工具\] (.*)", out)


def test_demo_reproduces_the_chapter_transcript_offline(project):
    result = demo(QUESTION, cwd=project)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert re.findall(r"第 (\d+) 轮", out) == ["1", "2", "3", "4"]
    assert tool_calls_in(out) == ['list_files({"path": "."})', 'read_file({"path": "package.json"})',
                                  'read_file({"path": "README.md"})']
    answer = out.split("[最终回复]", 1)[1]
    for expected in ["前端：React 18.2", "后端：Express 4.18（Node.js）", "测试：Jest 29.7", "离线回放"]:
        assert expected in answer
    assert "模型调用 4 次，工具执行 3 次" in out


def test_demo_answer_follows_the_files_not_a_script(project):
    (project / "package.json").write_text(json.dumps(
        {"dependencies": {"vue": "^3.4.0", "koa": "^2.15.0"}, "devDependencies": {"vitest": "^1.6.0"}}))
    answer = demo(QUESTION, cwd=project).stdout.split("[最终回复]", 1)[1]
    assert "Vue 3.4" in answer and "Koa 2.15" in answer and "Vitest 1.6" in answer
    assert "React" not in answer.split("项目说明")[0]


def test_demo_names_the_dependencies_of_a_python_project(workdir):
    (workdir / "pyproject.toml").write_text(
        '[project]\nname = "shop"\ndependencies = [\n  "fastapi>=0.110",\n  "sqlalchemy>=2.0",\n]\n')
    (workdir / "requirements.txt").write_text("pytest==8.1.1\nrequests>=2.31\n")
    result = demo(QUESTION, cwd=workdir)
    assert tool_calls_in(result.stdout) == ['list_files({"path": "."})',
                                            'read_file({"path": "pyproject.toml"})',
                                            'read_file({"path": "requirements.txt"})']
    answer = result.stdout.split("[最终回复]", 1)[1]
    for expected in ["FastAPI 0.110", "sqlalchemy 2.0", "pytest 8.1", "requests 2.31", "Python"]:
        assert expected in answer


def test_demo_answers_the_chapters_other_questions(project):
    entry = demo("这个项目的入口文件是什么？", cwd=project)
    assert tool_calls_in(entry.stdout)[-1] == 'read_file({"path": "src/index.js"})'
    assert "入口文件应该是 src/index.js" in entry.stdout

    lodash = demo("搜索一下项目里有没有用到 lodash", cwd=project)
    assert tool_calls_in(lodash.stdout) == ['search_files({"query": "lodash"})']
    assert "没有用到 lodash" in lodash.stdout
    express = demo("搜索一下项目里有没有用到 express", cwd=project)
    assert "用到了 express" in express.stdout and "src/index.js" in express.stdout

    tests = demo("帮我看看 tests 目录下有哪些测试文件", cwd=project)
    assert tool_calls_in(tests.stdout) == ['list_files({"path": "."})', 'list_files({"path": "tests"})']
    assert "tests/test_index.js" in tests.stdout

    other = demo("今天天气怎么样", cwd=project)
    assert other.returncode == 0 and "离线回放只认识" in other.stdout


def test_demo_with_two_rounds_hits_the_limit(project):
    result = demo("--max-rounds", "2", QUESTION, cwd=project)
    assert result.returncode == 1
    assert "[警告] 达到最大轮次 2，停止执行。" in result.stdout
    assert "[最终回复]" not in result.stdout


def test_show_messages_prints_the_chapters_message_list(project):
    result = demo("--show-messages", QUESTION, cwd=project)
    dumped = result.stdout[result.stdout.index("\n[\n") + 1:]
    messages = json.loads(dumped)
    assert [m["role"] for m in messages] == ["system", "user", "assistant", "tool",
                                             "assistant", "tool", "assistant", "tool", "assistant"]
    assert messages[2]["tool_calls"][0]["function"]["name"] == "list_files"
    assert messages[3]["tool_call_id"] == messages[2]["tool_calls"][0]["id"]


def test_demo_repl_keeps_the_conversation(project):
    result = demo(cwd=project, input=f"{QUESTION}\n这个项目的入口文件是什么？\n")
    assert result.returncode == 0
    assert "React 18.2" in result.stdout and "入口文件应该是 src/index.js" in result.stdout
    assert "messages 共 19 条" in result.stdout  # 第二个问题接在第一个的 9 条之后
