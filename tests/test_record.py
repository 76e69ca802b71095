"""--record、--replay、--resume：录下一次运行，离线重放，接着问下去。"""

import json
import os
import signal
import subprocess
import sys

import pytest
import spawn
from conftest import (
    AGENT,
    QUESTION,
    ROOT,
    ROUNDS,
    agent_copy,
    cli_env,
    default_sigint,
    edit,
    our_tool,
    posix_only,
    run_copy,
    run_main,
    time_limit,
    wait_until,
)

import agent
from fakes.hostile import peak_rss
from fakes.provider import call, text_reply, tool_reply

INVENTORY = "我需要 3 盒红笔。库存够吗？如果够，一共多少钱？"


def events(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def transcript(out: str) -> str:
    """回放时多出的只有开头那行 [回放]：去掉它，剩下的应该和录制时一字不差。"""
    return "".join(line for line in out.splitlines(keepends=True) if not line.startswith("[回放] "))


def replay(path, *args, cwd=None, rounds=ROUNDS, **env):
    """放录音：不给 key，服务商的地址指向一个没人监听的端口。"""
    return run_main("--replay", str(path), *args, cwd=cwd, rounds=rounds, OPENAI_API_KEY="", **env)


def test_a_demo_run_replays_offline_with_the_same_transcript(project, tmp_path):
    recording = tmp_path / "run.jsonl"
    recorded = run_main("--demo", "--record", str(recording), QUESTION)
    assert recorded.returncode == 0, recorded.stderr
    kinds = [e["event"] for e in events(recording)]
    assert kinds == ["session"] + ["request", "reply", "tool"] * 3 + ["request", "reply"]
    session = events(recording)[0]
    assert session["version"] == 1 and session["model"] == "offline-demo" and session["mode"] == "question"
    assert [t["function"]["name"] for t in session["tools"]][:3] == ["list_files", "read_file", "search_files"]

    replayed = replay(recording)
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout.startswith(f"[回放] {recording}：1 个问题，4 次模型调用")
    assert transcript(replayed.stdout) == recorded.stdout
    assert "[回放] 这个" not in replayed.stdout


def test_a_file_edited_after_recording_is_flagged_at_its_round(project, tmp_path):
    recording = tmp_path / "run.jsonl"
    run_main("--demo", "--record", str(recording), QUESTION)
    package = project / "package.json"
    package.write_text(package.read_text(encoding="utf-8").replace("express", "fastify"), encoding="utf-8")

    out = replay(recording).stdout
    rounds = out.split("===== 第 ")
    assert "[回放] call_demo_2 的结果和录制时不同" in rounds[3]  # 第 2 轮读 package.json：第 3 轮的请求里送回
    assert "[回放]" not in rounds[1] + rounds[2] + rounds[4]  # 别的轮次不说；下一轮的请求也不重复说
    assert "Express 4.18" in rounds[-1]  # 回复仍是录下的


def test_a_run_against_a_server_replays_after_the_server_is_gone(project, tmp_path, provider):
    usage = {"prompt_tokens": 900, "completion_tokens": 20, "prompt_tokens_details": {"cached_tokens": 512}}
    p = provider([
        {"message": tool_reply(call("read_file", {"path": "package.json"})), "usage": usage},
        {"message": text_reply("用了 React 和 Express。"), "usage": {**usage, "prompt_tokens": 1100}},
    ])  # fmt: skip
    recording = tmp_path / "run.jsonl"
    recorded = run_main("--record", str(recording), "--step", QUESTION, p=p)
    assert recorded.returncode == 0, recorded.stderr
    assert "上一次调用模型（第 1 轮）输入 900 tokens，其中缓存命中 512" in recorded.stdout  # --step 的每轮用量
    p.server.shutdown()  # 服务停了，也没有 key
    p.server.server_close()

    replayed = replay(recording, "--step")
    assert replayed.returncode == 0, replayed.stderr
    assert transcript(replayed.stdout) == recorded.stdout
    reply = next(e for e in events(recording) if e["event"] == "reply")
    assert reply["usage"] == {"prompt": 900, "completion": 20, "cached": 512}
    assert reply["reply"]["choices"][0]["message"]["tool_calls"][0]["id"] == "call_1"
    assert events(recording)[0]["host"] == "127.0.0.1"


def test_growth_per_round_in_the_step_view(project, provider):
    p = provider([
        {"message": tool_reply(call("list_files", {}, id="a")), "usage": {"prompt_tokens": 800}},
        {"message": tool_reply(call("read_file", {"path": "README.md"}, id="b")), "usage": {"prompt_tokens": 950}},
        text_reply("好"),
    ])  # fmt: skip
    out = run_main("--step", QUESTION, p=p).stdout
    assert "上一次调用模型（第 1 轮）输入 800 tokens\n" in out
    assert "上一次调用模型（第 2 轮）输入 950 tokens，比第 1 轮多 150" in out


def test_replay_with_fewer_rounds_and_a_recording_that_ran_out(project, tmp_path):
    recording = tmp_path / "run.jsonl"
    run_main("--demo", "--record", str(recording), "--max-rounds", "2", QUESTION)
    short = replay(recording, "--max-rounds", "1")
    assert "[警告] 达到最大轮次 1" in short.stdout and short.returncode == 1
    same = replay(recording, rounds=None)  # 不写 --max-rounds：不超过录制时的上限，和录制时一样停在第 2 轮
    limit = min(agent.MAX_ROUNDS, 2)  # 学习者把 MAX_ROUNDS 改成 1：就按 1
    assert f"[警告] 达到最大轮次 {limit}" in same.stdout and "[回放] 录音里" not in same.stderr
    longer = replay(recording, "--max-rounds", "5")
    assert "录音里这个问题只有 2 轮回复，没有第 3 轮的了" in longer.stderr
    assert "--max-rounds 2" in longer.stderr and "Traceback" not in longer.stderr


def test_a_repl_session_with_reset_replays_question_by_question(tmp_path):
    recording = tmp_path / "run.jsonl"
    work = ROOT / "examples" / "inventory"
    recorded = run_main(
        "--demo", "--record", str(recording), "-C", str(work), input=f"{INVENTORY}\n/reset\n{INVENTORY}\n"
    )
    replayed = replay(recording, "-C", str(work))
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout.count("你：") == 3 and "36" in replayed.stdout
    assert "你：/reset\n[已重置] 开始新的对话。\n你：我需要" in replayed.stdout
    assert "[回放] 这次请求" not in replayed.stdout  # /reset 之后是新对话，和录下的一样
    answers = [block.split("[统计]")[0] for block in recorded.stdout.split("[最终回复]")[1:]]
    assert answers == [block.split("[统计]")[0] for block in replayed.stdout.split("[最终回复]")[1:]]


def test_an_error_is_replayed_as_the_same_line(project, tmp_path, provider):
    p = provider([{"status": 401, "error": {"message": "Incorrect API key provided"}}])
    recording = tmp_path / "run.jsonl"
    recorded = run_main("--record", str(recording), QUESTION, p=p)
    assert recorded.returncode == 1 and "API key 被拒绝" in recorded.stderr
    replayed = replay(recording)
    assert (replayed.returncode, replayed.stderr) == (1, recorded.stderr)


@posix_only("发 SIGINT；命令用 POSIX shell 的 touch、[ -e ]、sleep")
def test_ctrl_c_during_a_tool_is_recorded_and_replayed_as_the_same_stop(project, tmp_path, provider):
    """录音从请求里看到工具结果：Ctrl-C 打断第二个工具时，第一个的结果在问题结束时写下，第二个没有；
    回放执行完这一轮，下一轮开头说录制时它没有执行完，像当时一样以 130 停下。"""
    started, fast = tmp_path / "started", tmp_path / "fast"
    command = {"command": f"touch {started}; [ -e {fast} ] || sleep 10; echo done"}  # 录制时一直跑到 Ctrl-C
    p = provider([tool_reply(call("list_files", {}, id="call_ls"), call("run_command", command, id="call_sh"))])
    recording = tmp_path / "run.jsonl"
    agent = spawn.Popen(
        [sys.executable, str(AGENT), "--max-rounds", str(ROUNDS), "--yes", "--record", str(recording), QUESTION],
        env=cli_env(p), stdout=subprocess.PIPE, text=True, encoding="utf-8", preexec_fn=default_sigint,
    )  # fmt: skip
    wait_until(started.exists)  # 第二个工具（命令）正在跑：这时按 Ctrl-C
    agent.send_signal(signal.SIGINT)
    out, _ = agent.communicate(timeout=15)
    assert agent.returncode == 130, out
    tools = [e for e in events(recording) if e["event"] == "tool"]
    assert [(t["id"], t["ran"]) for t in tools] == [("call_ls", True)]

    fast.touch()  # 回放时命令马上结束
    replayed = replay(recording, "--yes")
    assert replayed.returncode == 130, replayed.stdout
    assert "[回放] 录音里没有 call_sh 的结果：录制时它没有执行完" in replayed.stdout


@posix_only("发 SIGINT；命令用 POSIX shell 的 touch、sleep")
def test_a_second_question_after_a_stop_during_tools_records_no_result_that_did_not_run(project, tmp_path, provider):
    """交互模式里 Ctrl-C 打断第二个工具，再问一个问题：check_pairing 补上的“没有结果”不是执行的结果，不写成 tool 事件；
    SIGTERM 打断的也一样留下做完了的那个。"""
    started = tmp_path / "started"
    command = {"command": f"touch {started}; sleep 10"}
    calls = [call("list_files", {}, id="c1"), call("run_command", command, id="c2"), call("list_files", {}, id="c3")]
    for ending, mode in ((signal.SIGINT, "repl"), (signal.SIGTERM, "question")):
        started.unlink(missing_ok=True)
        p = provider([tool_reply(*calls), text_reply("好")])
        recording = tmp_path / f"{mode}.jsonl"
        args = ["--max-rounds", str(ROUNDS), "--yes", "--record", str(recording)] + (
            [QUESTION] if mode == "question" else []
        )
        agent = spawn.Popen(
            [sys.executable, str(AGENT), *args], env=cli_env(p), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            text=True, encoding="utf-8", preexec_fn=default_sigint,
        )  # fmt: skip
        if mode == "repl":
            agent.stdin.write(QUESTION + "\n")
            agent.stdin.flush()
        wait_until(started.exists)
        agent.send_signal(ending)
        agent.communicate("再问一个\n" if mode == "repl" else None, timeout=15)
        tools = [e for e in events(recording) if e["event"] == "tool"]
        assert [(t["id"], t["ran"]) for t in tools] == [("c1", True)], (mode, tools)
        assert any(e["event"] == "interrupted" and e.get("during") == "tools" for e in events(recording))


@posix_only("发 SIGINT：Windows 的 send_signal 只认 SIGTERM 和 CTRL_*")
def test_ctrl_c_mid_run_leaves_a_file_that_replays_to_that_point(project, tmp_path, provider):
    p = provider([tool_reply(call("list_files", {})), {"sleep": 30, "then": text_reply("太晚了")}])
    recording = tmp_path / "run.jsonl"
    agent = spawn.Popen(
        [sys.executable, str(AGENT), "--max-rounds", str(ROUNDS), "--record", str(recording), QUESTION],
        env=cli_env(p), stdout=subprocess.PIPE, text=True, encoding="utf-8",
    )  # fmt: skip
    wait_until(lambda: recording.exists() and '"round": 2' in recording.read_text(encoding="utf-8"))
    agent.send_signal(signal.SIGINT)
    out, _ = agent.communicate(timeout=15)
    assert agent.returncode == 130 and "[已中断]" in out
    assert events(recording)[-1]["event"] == "interrupted"

    replayed = replay(recording)
    assert replayed.returncode == 130
    assert transcript(replayed.stdout) == out


def test_a_half_written_last_line_is_dropped(project, tmp_path):
    recording = tmp_path / "run.jsonl"
    run_main("--demo", "--record", str(recording), QUESTION)
    lines = recording.read_bytes().splitlines(keepends=True)
    recording.write_bytes(b"".join(lines[:5]) + lines[5][:30])  # 第 2 轮的请求写了一半
    out = replay(recording)
    assert "第 2 轮的请求录下了，回复没有录下" in out.stderr and "Traceback" not in out.stderr


def test_resume_continues_with_the_earlier_rounds_in_the_request(project, tmp_path, provider):
    first = provider([tool_reply(call("read_file", {"path": "package.json"})), text_reply("React 和 Express。")])
    recording = tmp_path / "run.jsonl"
    run_main("--record", str(recording), QUESTION, p=first)
    second = provider([text_reply("入口是 src/index.js。")])
    resumed = run_main("--resume", str(recording), "入口文件是哪个？", p=second)
    assert resumed.returncode == 0, resumed.stderr
    assert resumed.stdout.startswith(f"[接着] {recording} 里的对话：5 条消息")
    sent = second.requests[0]["messages"]
    assert [m["role"] for m in sent] == ["system", "user", "assistant", "tool", "assistant", "user"]
    assert sent[1]["content"] == QUESTION and sent[4]["content"] == "React 和 Express。"
    sessions = [e for e in events(recording) if e["event"] == "session"]
    assert len(sessions) == 2 and sessions[1]["resumed"] is True
    request = [e for e in events(recording) if e["event"] == "request"][-1]
    assert (request["question"], request["round"], request["keep"]) == (2, 1, 4)  # 只写新增的

    replayed = replay(recording)  # 两段录音连起来放：两个问题
    assert replayed.returncode == 0, replayed.stderr
    assert "入口是 src/index.js。" in replayed.stdout and "[回放] 这次请求" not in replayed.stdout


def test_resume_an_interrupted_run_repairs_it_and_records_elsewhere(project, tmp_path, provider):
    first = provider([tool_reply(call("list_files", {})), {"status": 500, "error": {"message": "boom"}}])
    recording, again = tmp_path / "run.jsonl", tmp_path / "again.jsonl"
    run_main("--record", str(recording), QUESTION, p=first)
    second = provider([text_reply("好的")])
    out = run_main("--resume", str(recording), "--record", str(again), "继续", p=second)
    assert out.returncode == 0, out.stderr
    assert "[修复]" in out.stdout  # 没答完的问题补上说明，各家服务商都收
    assert [m["role"] for m in second.requests[0]["messages"]][-2:] == ["assistant", "user"]
    assert events(again)[1]["keep"] == 0  # 新文件自成一体：第一次请求写全
    assert len(events(recording)) == len(events(recording))  # 原来的录音没动
    assert replay(again).returncode == 0


def test_no_key_env_value_or_variable_in_a_recording(tmp_path, provider):
    key = "sk-test-RECOGNISABLE-0123456789abcdef"
    app = tmp_path / "work"
    app.mkdir()
    (app / ".env").write_text(f"OPENAI_API_KEY={key}\nEXTRA_SECRET=dotenv-value-4242\n", encoding="utf-8")
    (app / "notes.txt").write_text(f"the key is {key}\n", encoding="utf-8")
    p = provider([tool_reply(call("read_file", {"path": "notes.txt"})), text_reply(f"key: {key}")])
    recording = tmp_path / "run.jsonl"
    done = run_main(  # key 只在 .env 里
        "--record", str(recording), "读 notes.txt", p=p, cwd=app, unset=["OPENAI_API_KEY"],
        SHELL_SECRET="environment-value-9191",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    data = recording.read_text(encoding="utf-8")
    assert "the key is ***" in data
    for secret in (key, "dotenv-value-4242", "environment-value-9191", "RECOGNISABLE"):
        assert secret not in data
    if os.name != "nt":  # Windows 没有这样的权限位
        assert oct(os.stat(recording).st_mode & 0o777) == "0o600"  # 里面有工具读到的内容：只有自己能读


def test_bad_recordings_and_an_existing_file_get_one_line(tmp_path, project):
    cases = {
        "notjson.jsonl": b"hello\n",
        "empty.jsonl": b"",
        "version.jsonl": b'{"event": "session", "version": 99}\n',
        "shape.jsonl": b'{"event": "session", "version": 1}\n{"event": "request", "keep": "x"}\n',
    }
    for name, data in cases.items():
        (tmp_path / name).write_bytes(data)
        out = replay(tmp_path / name)
        assert out.returncode == 2 and out.stderr.count("\n") == 1 and name in out.stderr, (name, out.stderr)
    out = replay(tmp_path / "missing.jsonl")
    assert out.returncode == 2 and "读不了录音文件" in out.stderr
    (tmp_path / "taken.jsonl").write_text("mine", encoding="utf-8")
    out = run_main("--demo", "--record", str(tmp_path / "taken.jsonl"), QUESTION)
    assert out.returncode == 2 and "不覆盖" in out.stderr
    assert (tmp_path / "taken.jsonl").read_text(encoding="utf-8") == "mine"
    out = run_main("--replay", "x.jsonl", "--demo")
    assert out.returncode == 2 and "--replay" in out.stderr


@our_tool("read_file")
def test_the_shipped_demo_recording_still_matches_the_demo():
    """examples/demo-run.jsonl 是仓库里带着的那份：演示或工具改了，就要重新录（命令见 docs/recordings.md）。"""
    shipped = ROOT / "examples" / "demo-run.jsonl"
    out = replay(shipped, "-C", str(ROOT / "examples" / "my-project"))
    assert out.returncode == 0, out.stderr
    demo = run_main("--demo", "-C", str(ROOT / "examples" / "my-project"), QUESTION)
    assert transcript(out.stdout) == demo.stdout
    assert out.stdout.count("[回放]") == 1


def test_a_changed_system_prompt_is_flagged_in_round_one(tmp_path):
    app = agent_copy(tmp_path)
    (app / "my-project").mkdir()
    (app / "my-project" / "package.json").write_text('{"dependencies": {"react": "18"}}', encoding="utf-8")
    recorded = run_main("--demo", "--record", "run.jsonl", "-C", "my-project", QUESTION, cwd=app)  # 还没改：本进程里录
    assert recorded.returncode == 0, recorded.stderr
    edit(app / "agent.py", "你是一个有文件访问能力的助手", "你是一个谨慎的助手")
    out = run_copy(app, "--replay", "run.jsonl", "-C", "my-project").stdout
    first, *later = out.split("===== 第 ")[1:]
    assert "[回放] 这次请求的 messages[0]（system）和录制时不同" in first
    assert not any("[回放]" in part for part in later)  # 后面几轮多出的部分和录下的一样，不再说


def test_a_result_edited_in_step_is_flagged_as_edited(project, tmp_path):
    recording = tmp_path / "run.jsonl"
    run_main("--demo", "--record", str(recording), QUESTION)
    lines = [json.loads(line) for line in recording.read_text(encoding="utf-8").splitlines()]
    request = next(e for e in lines if e["event"] == "request" and e["round"] == 3)
    request["new"][1]["content"] = request["new"][1]["content"].replace("react", "vue")  # 像在 --step 里按 e 改过
    recording.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in lines), encoding="utf-8")
    out = replay(recording).stdout
    assert "[回放] 这次请求的 messages[5]（tool）和录制时不同（录制时在 --step 里改过它）" in out.split("===== 第 ")[3]


def test_a_recording_inside_the_work_dir_and_a_resume_elsewhere_are_pointed_out(project, tmp_path):
    inside = run_main("--demo", "--record", "run.jsonl", QUESTION)  # 工作目录就是 project
    assert inside.stdout.startswith("[注意] 录音文件在工作目录里")
    other = tmp_path / "other"
    other.mkdir()
    out = run_main(
        "--demo", "--resume", str(project / "run.jsonl"), "--record", str(tmp_path / "b.jsonl"), "-C", str(other), "好"
    )
    assert "[接着] 录制时的工作目录叫 my-project，现在是 other：要接着问同一个项目，用 -C 指定它。" in out.stdout


def test_empty_paths_are_usage_errors(tmp_path, provider):
    p = provider([text_reply("不该问到这里")])
    for flag in ("--replay", "--record", "--resume", "--page"):
        out = run_main(flag, "", *(["问题"] if flag in ("--record", "--resume") else []), p=p)
        assert out.returncode == 2 and flag in out.stderr, (flag, out.stderr)
    assert not p.requests  # --replay "" 不会变成用真模型


def test_a_key_written_as_json_escapes_is_masked_and_the_recording_stays_valid(project, tmp_path, provider):
    key = "sk-test-RECOGNISABLE-0123456789abcdef"
    escaped_key = "\\u0073k-test-RECOGNISABLE-0123456789abcdef"  # 文件里写的是转义，不是 key 本身
    (project / "notes.txt").write_text(f"plain {key}\nescaped {escaped_key}\n", encoding="utf-8")
    odd = call("read_file", f'{{"path": "{escaped_key}"}}', id="b")  # 回复的原文里是 \\u0073k-…
    p = provider([tool_reply(call("read_file", {"path": "notes.txt"}, id="a"), odd), text_reply("好")])
    recording = tmp_path / "run.jsonl"
    out = run_main("--record", str(recording), "看 notes.txt", p=p, OPENAI_API_KEY=key)
    assert out.returncode == 0, out.stderr  # 回复里转义过的参数没被遮坏（support/http.py）
    data = recording.read_text(encoding="utf-8")
    assert "RECOGNISABLE" not in data and "escaped ***" in data
    assert all(json.loads(line) for line in data.splitlines())  # 每一行仍是 JSON
    assert replay(recording).returncode == 0


def test_special_files_and_odd_text_in_a_recording(project, tmp_path):
    specials = [tmp_path]
    if os.name != "nt":  # Windows 没有命名管道（mkfifo）
        os.mkfifo(tmp_path / "pipe.jsonl")
        specials.append(tmp_path / "pipe.jsonl")
    for special in specials:  # 命名管道不会让它一直等；目录也是一句话
        out = replay(special, timeout=10)
        assert out.returncode == 2 and "不是普通文件" in out.stderr, out.stderr
    recording = tmp_path / "odd.jsonl"
    lines = [
        {"event": "session", "version": 1, "model": "m\x1b]0;title\x07", "tools": [], "mode": "question"},
        {"event": "request", "question": 1, "round": 1, "keep": 0, "new": [{"role": "user", "content": "hi"}]},
        {"event": "error", "question": 1, "round": 1, "text": "\x1b[31mRED"},
    ]
    recording.write_text("\n".join(json.dumps(e) for e in lines), encoding="utf-8")  # 最后一行没有换行
    out = replay(recording)
    assert out.returncode == 1 and "\\x1b[31mRED" in out.stderr and "\x1b" not in out.stdout + out.stderr
    resumed = run_main("--demo", "--resume", str(recording), "好")
    assert resumed.returncode == 0, resumed.stderr
    assert [e["event"] for e in events(recording)][:3] == ["session", "request", "error"]  # 完整的最后一行没丢


# ── 别人给的录音：大小、形状都不可信 ─────────────────────────────────
def many_tiny_requests(path, requests=10_000):
    """一个问题里 10,000 次请求，每次只比上一次多一条消息：文件 1 MB，完整的历史加起来有 5 千万条消息。"""
    session = {"event": "session", "version": 1, "model": "m", "host": "h", "tools": [], "max_rounds": 10}
    first = [{"role": "system", "content": "s"}, {"role": "user", "content": "hi"}]
    lines, length = [json.dumps({**session, "mode": "question", "started": "t", "workdir": "w"})], 0
    for n in range(1, requests + 1):
        new = first if n == 1 else [{"role": "user", "content": "x"}]
        lines.append(json.dumps({"event": "request", "question": 1, "round": n, "keep": length, "new": new}))
        length += len(new)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


@posix_only("峰值内存用 resource 量")
def test_a_recording_of_many_tiny_requests_costs_memory_linear_in_its_size(tmp_path):
    """每次请求的完整历史不再各拷一份：20,000 次请求时，以前 --replay 要 2.4 GB、--page 跑 5 分钟也没完（4 GB）；
    各拷一份的话，10,000 次也要几百 MB。"""
    recording = tmp_path / "many.jsonl"
    many_tiny_requests(recording)
    baseline, _ = peak_rss([sys.executable, str(AGENT), "--help"], cli_env(None))
    for args in (["--replay", str(recording)], ["--page", str(recording)]):
        peak, stderr = peak_rss([sys.executable, str(AGENT), *args], cli_env(None), cwd=tmp_path)
        assert "Traceback" not in stderr
        assert peak - baseline < 200, (args, peak, baseline)  # 录音 1 MB：多出的内存是它的几十倍以内，不是几千倍
    assert "问题 1" in (tmp_path / "many.html").read_text(encoding="utf-8")


def test_a_line_or_a_file_too_big_for_a_laptop_is_one_line(tmp_path):
    recording = tmp_path / "long.jsonl"
    session = {"event": "session", "version": 1, "model": "m", "host": "h", "tools": [], "max_rounds": 1}
    recording.write_text(
        json.dumps(session) + "\n" + '{"event": "x", "pad": "' + "x" * (17 * 2**20) + '"}\n', encoding="utf-8"
    )
    out = replay(recording)
    assert out.returncode == 2 and "第 2 行有 17 MB，太长了" in out.stderr and "Traceback" not in out.stderr
    with open(recording, "ab") as f:
        f.truncate(65 * 2**20)
    out = replay(recording)
    assert out.returncode == 2 and "太大了：最多读 64 MB" in out.stderr


def test_resume_makes_a_hostile_history_well_formed_and_names_each_change(tmp_path, provider):
    """录下的历史形状不对（同一个 id 两次、空 id、不是文字的 content、孤立的代理字符、没有 type、坏的 arguments、
    空的 tool_calls、不认得的角色）：接着问之前整理好，每处一句；之后的请求严格的服务商也收。"""
    session = {"event": "session", "version": 1, "model": "m", "host": "h", "tools": [], "max_rounds": 10}
    calls = [
        {"id": "dup", "type": "function", "function": {"name": "list_files", "arguments": "{}"}},
        {"id": "dup", "function": {"name": "read_file", "arguments": '{"path": '}},
        {"id": "", "type": "function", "function": {"name": "list_files", "arguments": "{}"}},
    ]
    new = [
        {"role": "system", "content": "s"},
        {"role": "user", "content": "问题\ud800"},
        {"role": "assistant", "content": None, "tool_calls": calls},
        {"role": "tool", "tool_call_id": "dup", "content": {"a": 1}},
        {"role": "tool", "tool_call_id": "dup", "content": 12345},
        {"role": "tool", "tool_call_id": "", "content": None},
        {"role": "function", "name": "old", "content": "legacy"},
        {"role": "assistant", "content": "好", "tool_calls": []},
    ]
    lines = [session, {"event": "request", "question": 1, "round": 1, "keep": 0, "new": new}]
    recording = tmp_path / "hostile.jsonl"
    recording.write_text("\n".join(json.dumps(e, ensure_ascii=True) for e in lines) + "\n", encoding="utf-8")
    p = provider([text_reply("接着答")], rules=["strict", "mistral", "vllm"])
    out = run_main("--resume", str(recording), "--record", str(tmp_path / "next.jsonl"), "再问", p=p, cwd=tmp_path)
    assert out.returncode == 0, out.stdout + out.stderr
    assert p.rejected == [] and "agent 的 bug" not in out.stderr
    said = [line for line in out.stdout.splitlines() if line.startswith("[接着] 录音里的")]
    for change in ("id 'dup' 是空的或和前面的重复了", "id '' 是空的", "content 不是文字", "type: function",
                   "arguments 不是 JSON 对象", "角色 'function' 不认得", "tool_calls 是空的"):  # fmt: skip
        assert any(change in line for line in said), (change, said)
    sent_now = p.requests[0]["messages"]
    ids = [tc["id"] for m in sent_now if m.get("tool_calls") for tc in m["tool_calls"]]
    assert len(ids) == len(set(ids)) == 3 and all(ids)
    assert [m["tool_call_id"] for m in sent_now if m["role"] == "tool"] == ids  # 每条结果跟着它的调用换了 id
    assert all(isinstance(m["content"], str) for m in sent_now) and "\ud800" not in json.dumps(sent_now)


def resume_strictly(tmp_path, provider, new, name="recorded.jsonl", rules=("strict", "mistral", "vllm")):
    """一段只有一次请求（messages 是 new）的录音，--resume 接着问一句，对着最严格的几条规矩：返回 (输出, 服务商)。"""
    session = {"event": "session", "version": 1, "model": "m", "host": "h", "tools": [], "max_rounds": 10}
    lines = [session, {"event": "request", "question": 1, "round": 1, "keep": 0, "new": new}]
    recording = tmp_path / name
    recording.write_text("\n".join(json.dumps(e) for e in lines) + "\n", encoding="utf-8")
    p = provider([text_reply("接着答")], rules=list(rules))
    out = run_main("--resume", str(recording), "--record", str(tmp_path / "next.jsonl"), "再问", p=p, cwd=tmp_path)
    assert out.returncode == 0 and p.rejected == [], out.stdout + out.stderr
    return out, p


def resume_said(out) -> str:
    """--resume 整理历史时说的那几行。"""
    return "\n".join(line for line in out.stdout.splitlines() if line.startswith("[接着] 录音里的"))


def test_resume_keeps_only_the_fields_each_kind_of_message_has(tmp_path, provider):
    """user 带着 tool_calls、system 多一个字段、user 的 content 是乱七八糟的列表、tool 结果带 name、
    没有 tool_call_id：严格的服务商都拒收（Extra inputs are not permitted）。接着问之前去掉，每处一句。"""
    call = {"id": "c1", "type": "function", "function": {"name": "list_files", "arguments": "{}"}}
    new = [
        {"role": "system", "content": "s", "extra_field": 1},
        {"role": "user", "content": [1, 2, {"type": "bogus"}], "tool_calls": [call]},
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "content": "r", "name": {"x": 1}},
        {"role": "tool", "content": "r"},
    ]
    out, p = resume_strictly(tmp_path, provider, new)
    said = resume_said(out)
    for change in (
        "messages[0] 有 system 消息不该有的字段 extra_field",
        "messages[1] 有 user 消息不该有的字段 tool_calls",
        "messages[1] 的 content 不是文字",
        "messages[3] 有 tool 消息不该有的字段 name",
        "messages[4] 的工具结果没有 tool_call_id：去掉了这一条",
    ):
        assert change in said, (change, said)
    sent_now = p.requests[0]["messages"]
    assert [sorted(m) for m in sent_now[:2]] == [["content", "role"], ["content", "role"]]
    assert [m["role"] for m in sent_now] == ["system", "user", "assistant", "tool", "assistant", "user"]


def test_resume_of_a_message_nested_hundreds_deep_is_one_line(tmp_path):
    session = {"event": "session", "version": 1, "model": "m", "host": "h", "tools": [], "max_rounds": 10}
    deep = "[" * 900 + "]" * 900
    request = '{"event": "request", "question": 1, "round": 1, "keep": 0, "new": [{"role": "user", "content": %s}]}'
    (tmp_path / "deep.jsonl").write_text(json.dumps(session) + "\n" + request % deep + "\n", encoding="utf-8")
    out = run_main("--resume", str(tmp_path / "deep.jsonl"), "--demo", "再问", cwd=tmp_path)
    assert out.returncode == 2 and "嵌套了几百层" in out.stderr and "Traceback" not in out.stderr


def test_resume_drops_the_assistant_fields_another_provider_would_refuse(tmp_path, provider):
    """录音是对着另一家录的：refusal、audio、function_call 是 null，assistant 上有 tool_call_id、不是字符串的 name，
    调用里有 index、function.parsed。reasoning_content 留着（DeepSeek 要求原样送回；严格的服务商本来就不会给它）。"""
    function = {"name": "list_files", "arguments": "{}", "parsed": {}}
    call = {"id": "c1", "type": "function", "index": 0, "function": function}
    assistant = {"role": "assistant", "content": "", "tool_calls": [call], "refusal": None, "audio": None}
    assistant.update(function_call=None, tool_call_id="c1", name={"x": 1})
    new = [{"role": "system", "content": "s"}, {"role": "user", "content": "问"}, assistant]
    new.append({"role": "tool", "tool_call_id": "c1", "content": "r"})
    out, p = resume_strictly(tmp_path, provider, new)
    said = [line for line in out.stdout.splitlines() if "各家服务商不都收的字段" in line]
    assert len(said) == 1 and all(k in said[0] for k in ("refusal", "tool_call_id", "name", "index", "function.parsed"))
    sent_now = p.requests[0]["messages"][2]
    assert sorted(sent_now) == ["content", "role", "tool_calls"]
    assert sent_now["tool_calls"] == [
        {"id": "c1", "type": "function", "function": {"name": "list_files", "arguments": "{}"}}
    ]


def test_resume_of_another_clients_history_sends_only_what_every_provider_accepts(tmp_path, provider):
    """别的客户端写的历史（openai/openai-node#1161）：assistant 上不是 null 的 refusal、audio、annotations、parsed 和
    不认得的字段，带空格的、空的 name，空的函数名，十万个字符的调用 id，两条 assistant 挨着。每处一句，之后 OpenAI、
    Mistral、Gemma 一类都收；reasoning_content、reasoning_details 照样送回。"""
    long_id = "x" * 100_000
    calls = [
        {"id": long_id, "type": "function", "function": {"name": "list_files", "arguments": "{}"}},
        {"id": "c2", "type": "function", "function": {"name": "", "arguments": "{}"}},
    ]
    first = {"role": "assistant", "content": "先看看", "refusal": "no", "audio": {"id": "a"}, "annotations": [1]}
    first.update(parsed={"x": 1}, whatever=True, name="my helper", reasoning_details=[{"t": 1}])
    second = {"role": "assistant", "content": "", "tool_calls": calls, "name": "", "reasoning_content": "想"}
    new = [
        {"role": "system", "content": "s", "name": "sys tem"},
        {"role": "user", "content": "问", "name": "小明"},
        first,
        second,
        {"role": "tool", "tool_call_id": long_id, "content": "r1"},
        {"role": "tool", "tool_call_id": "c2", "content": "r2"},
    ]
    rules = ("mistral", "vllm", "alternate", "openai_history")  # strict 不收 reasoning_*：下面逐个字段查
    out, p = resume_strictly(tmp_path, provider, new, rules=rules)
    said = resume_said(out)
    for change in (
        "messages[0] 有 system 消息不该有的字段 name",
        "messages[1] 有 user 消息不该有的字段 name",
        "refusal、audio、annotations、parsed、whatever、name：去掉了",
        "太长（100000 个字符，OpenAI 最多收 40 个）：换成了 call",
        "messages[3] 和前一条都是 assistant",
    ):
        assert change in said, (change, said)
    assert long_id not in out.stdout and len(out.stdout) < 5000
    sent = p.requests[0]["messages"]
    assert [m["role"] for m in sent] == ["system", "user", "assistant", "tool", "tool", "assistant", "user"]
    assert [sorted(m) for m in sent[:2]] == [["content", "role"], ["content", "role"]]
    merged = sent[2]
    assert sorted(merged) == ["content", "reasoning_content", "reasoning_details", "role", "tool_calls"]
    assert merged["content"].startswith("先看看") and merged["reasoning_content"] == "想"
    assert merged["reasoning_details"] == [{"t": 1}]
    assert all(sorted(tc) == ["function", "id", "type"] for tc in merged["tool_calls"])
    ids = [tc["id"] for tc in merged["tool_calls"]]
    assert len(ids[0]) == 9 and [m["tool_call_id"] for m in sent[3:5]] == ids
    assert merged["tool_calls"][1]["function"]["name"].startswith("invalid_")


def test_resume_names_at_most_twenty_changes_and_counts_the_rest(tmp_path):
    session = {"event": "session", "version": 1, "model": "m", "host": "h", "tools": [], "max_rounds": 10}
    calls = [{"id": "x", "type": "function", "function": {"name": "list_files", "arguments": "{}"}}] * 30
    new = [{"role": "system", "content": "s"}, {"role": "user", "content": "问"}]
    new += [{"role": "assistant", "content": "", "tool_calls": calls}]
    lines = [session, {"event": "request", "question": 1, "round": 1, "keep": 0, "new": new}]
    (tmp_path / "dup.jsonl").write_text("\n".join(json.dumps(e) for e in lines) + "\n", encoding="utf-8")
    out = run_main("--resume", str(tmp_path / "dup.jsonl"), "--demo", "你好", cwd=tmp_path)
    said = [line for line in out.stdout.splitlines() if line.startswith("[接着] 录音里")]
    assert len(said) == 21 and said[-1] == "[接着] 录音里还有 9 处也照这些规矩整理好了，不一一列出。", said


def test_a_question_stopped_after_its_tools_ran_is_written_as_a_stop(tmp_path):
    """--step 停着时按 q、信号：run() 没有正常返回，结果却都在。录音写下停在这里，
    网页和回放才不说“下一次请求没有录下”。"""
    from types import SimpleNamespace

    from support.recording.record import Recorder

    client = SimpleNamespace(base_url="http://stub/v1", api_key="sk-stub-key-123456")
    path = tmp_path / "stop.jsonl"
    with path.open("wb") as file:
        recorder = Recorder(client, file, {"max_rounds": 10})
        tc = call("list_files", {}, id="c1")
        history = [
            {"role": "user", "content": "q"},
            tool_reply(tc),
            {"role": "tool", "tool_call_id": "c1", "content": "a"},
        ]
        recorder.question_done(history, False)
        recorder.question_done(history, False)  # 同一个问题只写一次
    kinds = [(e["event"], e.get("during")) for e in events(path)]
    assert kinds == [("session", None), ("tool", None), ("interrupted", "tools")]


def test_each_resumed_segment_replays_with_its_own_round_limit(project, tmp_path):
    """先用 --max-rounds 1 录一个问题，再不限轮次 --resume 接着问：回放时第二个问题不被第一段的上限截住，
    第一个问题放到它那一段的尽头时说出那一段的上限。"""
    if agent.MAX_ROUNDS < 4:  # 不写 --max-rounds 的回放用默认的上限：它比第一段的 1 轮大，才有这句说明
        pytest.skip(f"agent.py 的 MAX_ROUNDS 是 {agent.MAX_ROUNDS}：这个测试要默认上限至少 4 轮")
    recording = tmp_path / "run.jsonl"
    first = run_main("--demo", "--record", str(recording), QUESTION, rounds=1)
    assert "[警告] 达到最大轮次 1" in first.stdout
    second = run_main("--demo", "--resume", str(recording), "README.md 里写了什么？")
    assert second.returncode == 0, second.stdout
    replayed = replay(recording, rounds=None)
    assert replayed.stdout.count("[最终回复]") == 1  # 第二个问题答完了
    assert "录制时的轮次上限是 1，可以加上 --max-rounds 1 回放" in replayed.stderr  # 第一个问题说它那一段的上限


def test_resume_renames_an_invented_tool_name_in_the_history(project, tmp_path):
    """录音里的历史有一个 OpenAI 不收的函数名（别的客户端录的、手改的）：接着问之前换掉，请求不被拒收。"""
    recording = tmp_path / "run.jsonl"
    run_main("--demo", "--record", str(recording), QUESTION)
    lines = events(recording)
    request = next(e for e in lines if e["event"] == "request" and e["round"] == 2)
    request["new"][0]["tool_calls"][0]["function"]["name"] = "multi_tool_use.parallel"
    recording.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in lines), encoding="utf-8")
    again = tmp_path / "again.jsonl"
    resumed = run_main("--demo", "--resume", str(recording), "--record", str(again), "README.md 里写了什么？")
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    sent = [m for e in events(again) if e["event"] == "request" for m in e["new"]]
    names = [tc["function"]["name"] for m in sent for tc in m.get("tool_calls") or []]
    assert "invalid_multi_tool_use_parallel" in names and "multi_tool_use.parallel" not in names


def test_resume_of_a_history_whose_orphan_result_sits_between_two_answers_still_alternates(tmp_path, provider):
    """一条不回答任何调用的结果夹在两条 assistant 中间：去掉它，两条 assistant 合成一条（Gemma、Mistral 的模板）。"""
    new = [
        {"role": "system", "content": "s"},
        {"role": "user", "content": "问"},
        {"role": "assistant", "content": "a1"},
        {"role": "tool", "tool_call_id": "zzz", "content": "r"},
        {"role": "assistant", "content": "a2"},
    ]
    out, p = resume_strictly(tmp_path, provider, new, rules=("strict", "alternate", "mistral"))
    assert "messages[3] 的工具结果不回答它前面的任何调用" in resume_said(out) and "[修复]" not in out.stdout
    assert [m["role"] for m in p.requests[0]["messages"]] == ["system", "user", "assistant", "user"]
    assert p.requests[0]["messages"][2]["content"] == "a1\n\na2"


def test_resume_keeps_a_null_reasoning_content_that_deepseek_requires(tmp_path, provider):
    call_ = {"id": "c1", "type": "function", "function": {"name": "list_files", "arguments": "{}"}}
    assistant = {"role": "assistant", "content": "", "tool_calls": [call_], "reasoning_content": None}
    new = [{"role": "system", "content": "s"}, {"role": "user", "content": "问"}, assistant]
    new.append({"role": "tool", "tool_call_id": "c1", "content": "r"})
    _, p = resume_strictly(tmp_path, provider, new, rules=("deepseek",))
    assert "reasoning_content" in p.requests[0]["messages"][2]


def test_resume_of_a_forged_history_is_linear_and_says_a_bounded_amount(tmp_path):
    """造出来的录音：两万条挨着的 assistant、两千个坏名字的调用、三千个不认得的字段：整理是线性的，
    屏幕上最多 20 处一句加一行合计，没有一句是几万个字符。"""
    from support.recording.resume import well_formed

    many = [{"role": "system", "content": "s"}, {"role": "user", "content": "u"}]
    many += [{"role": "assistant", "content": "x" * 1000} for _ in range(20_000)]
    with time_limit(30):  # 以前一条一条地接，要一分钟
        fixed, changes = well_formed(many)
    assert len(fixed) == 3 and len(fixed[2]["content"]) == 20_000 * 1002 - 2 and len(changes) == 19_999

    bad = {"role": "assistant", "content": "", "tool_calls": [call("list_files", {}, id="b")]}
    bad["tool_calls"][0]["function"]["name"] = "bad.name"
    fields = {"role": "assistant", "content": "f", **{f"field{n}": n for n in range(3000)}}
    new = [{"role": "system", "content": "s"}, {"role": "user", "content": "u"}, fields]
    new += [{**bad, "tool_calls": [{**bad["tool_calls"][0], "id": f"b{n}"}]} for n in range(2000)]
    session = {"event": "session", "version": 1, "model": "m", "host": "h", "tools": [], "max_rounds": 10}
    recording = tmp_path / "forged.jsonl"
    lines = [session, {"event": "request", "question": 1, "round": 1, "keep": 0, "new": new}]
    recording.write_text("\n".join(json.dumps(e) for e in lines) + "\n", encoding="utf-8")
    out = run_main("--resume", str(recording), "--demo", "再问", cwd=tmp_path)
    said = [line for line in out.stdout.splitlines() if line.startswith("[接着] 录音里")]
    assert len(said) == 21 and "[注意] 模型发来的" not in out.stdout and max(map(len, said)) < 400, said[:3]
