"""主循环自己的开销：每轮多花多少、启动多快、上下文怎么增长。都和同一次运行里测得的基准相比。

    python bench/loop_bench.py

- 每轮开销：run() 对着本地零延迟的 Chat Completions 服务跑 50 轮（每轮一个小工具调用），
  对比用同一个 SDK、同一个服务、同样多次 create() 调用的裸循环（下限）；
- 启动：python agent.py --help 和进入交互模式到出现提示符，对比 python -c "import openai"；
- 上下文：章节的四轮任务和一个读大文件的十轮任务，每个请求的字节数、每轮的增长，
  以及每个请求的 messages 是否逐字节地延续上一个请求的 messages（这样服务商的前缀缓存才能命中）。
"""

import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import openai  # noqa: E402
from openai.types.chat import ChatCompletion  # noqa: E402

import agent  # noqa: E402
from fakes.provider import FakeProvider, call, completion, messages_bytes, text_reply, tool_reply  # noqa: E402  测试也用它
from support.recording.record import Recorder, create_recording, session_info  # noqa: E402

ROUNDS = 50


def timed(fn):
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def script(rounds):
    return [tool_reply(call("list_files", {}, id=f"call_{i}")) for i in range(rounds)] + [text_reply("好")]


def agent_loop(client, options=None):
    with open(os.devnull, "w") as devnull, contextlib.redirect_stdout(devnull):
        return agent.run("看看", client=client, model="m", max_rounds=ROUNDS + 1, options=options or agent.Options())


def bare_loop(client):
    """下限：同样的请求次数、同样增长的历史，但没有 agent 的任何额外工作。"""
    messages = [{"role": "system", "content": agent.SYSTEM_PROMPT}, {"role": "user", "content": "看看"}]
    listing = "\n".join(sorted(os.listdir(".")))
    for _ in range(ROUNDS + 1):
        msg = (
            client.chat.completions.create(model="m", messages=messages, tools=agent.TOOLS, tool_choice="auto")
            .choices[0]
            .message
        )
        messages.append(msg.to_dict())
        for tc in msg.tool_calls or []:
            messages.append({"role": "tool", "tool_call_id": tc.id, "content": listing})


def per_round_overhead():
    client_kwargs = {"api_key": "bench", "max_retries": 0}
    ours, base = [], []
    for _ in range(5):  # 交替跑，机器的波动对两边一样；取最快的一次，它最接近真实开销
        with FakeProvider(script(ROUNDS)) as p:
            ours.append(timed(lambda: agent_loop(openai.OpenAI(base_url=p.url, **client_kwargs))))
            assert len(p.requests) == ROUNDS + 1 and not p.rejected
        with FakeProvider(script(ROUNDS)) as p:
            base.append(timed(lambda: bare_loop(openai.OpenAI(base_url=p.url, **client_kwargs))))
            assert len(p.requests) == ROUNDS + 1 and not p.rejected
    ours, base = min(ours), min(base)
    print(
        f"每轮开销（{ROUNDS} 轮工具调用 + 1 轮回答）：run() {ours * 1000:.0f} ms，"
        f"裸 SDK 循环 {base * 1000:.0f} ms，比值 {ours / base:.3f}×（目标 ≤ 1.10×）；"
        f"每轮多 {(ours - base) / (ROUNDS + 1) * 1000:.2f} ms"
    )


def record_overhead():
    """--record 的开销：同样的 50 轮，边跑边写录音和不写相比；录音只写每轮新增的消息，文件随轮数线性增长。"""
    client_kwargs = {"api_key": "bench", "max_retries": 0}
    plain, recorded, size, sent = [], [], 0, 0
    with tempfile.TemporaryDirectory() as tmp:
        for n in range(5):  # 交替跑，取最快的一次
            with FakeProvider(script(ROUNDS)) as p:
                plain.append(timed(lambda: agent_loop(openai.OpenAI(base_url=p.url, **client_kwargs))))
            with FakeProvider(script(ROUNDS)) as p:
                path = Path(tmp) / f"run{n}.jsonl"
                info = session_info(
                    openai.OpenAI(base_url=p.url, **client_kwargs), "m", agent.TOOLS, ROUNDS + 1, "question"
                )
                keep = Recorder(openai.OpenAI(base_url=p.url, **client_kwargs), create_recording(str(path)), info)
                recorded.append(timed(lambda keep=keep: agent_loop(keep)))
                size, sent = path.stat().st_size, sum(len(r) for r in p.raw)
        own = []  # 录音自己的开销：客户端换成立刻交出回复的替身（不走网络、不走 SDK），只剩 run() 和录音
        for n in range(7):
            bare = timed(lambda: agent_loop(stub_client()))
            keep = Recorder(stub_client(), create_recording(str(Path(tmp) / f"stub{n}.jsonl")), info)
            own.append(timed(lambda keep=keep: agent_loop(keep)) - bare)
    plain, recorded = min(plain), min(recorded)
    print(
        f"--record（{ROUNDS} 轮）：{recorded * 1000:.0f} ms，不录 {plain * 1000:.0f} ms，比值 {recorded / plain:.3f}×；"
        f"录音本身每轮约 {sorted(own)[3] / (ROUNDS + 1) * 1000:.2f} ms（中位数）；"
        f"录音 {size / 1024:.0f} KB，这些请求一共 {sent / 1024:.0f} KB（录音是它的 {size / sent:.2f}×）"
    )


def stub_client():
    """立刻按脚本交出 ChatCompletion 的客户端：量录音本身花的时间时，不让网络和 SDK 的抖动混进来。"""
    replies = iter(
        [ChatCompletion.construct(**completion({"model": "m"}, **item)) for item in map(wrap, script(ROUNDS))]
    )
    return SimpleNamespace(
        base_url="stub", chat=SimpleNamespace(completions=SimpleNamespace(create=lambda **_: next(replies)))
    )


def wrap(message):
    return {"message": message}


def startup():
    env = {**os.environ, "OPENAI_API_KEY": "bench", "MODEL": "m", "OPENAI_BASE_URL": "http://127.0.0.1:9/v1"}

    def py(*args):
        subprocess.run(
            [sys.executable, *args],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=True,
        )

    commands = {
        "import": ["-c", "import openai"],
        "client": ["-c", "import openai; openai.OpenAI()"],
        "help": [str(ROOT / "agent.py"), "--help"],
        "prompt": [str(ROOT / "agent.py")],
    }  # stdin 是空的：出现提示符后立刻退出
    times = {name: [] for name in commands}
    for i in range(7):  # 轮流跑，机器的波动对每一项都一样；第一轮只是预热
        for name, args in commands.items():
            start = time.perf_counter()
            py(*args)
            if i:
                times[name].append(time.perf_counter() - start)
    base, client, helps, prompt = (min(times[n]) for n in commands)  # 最快的一次最接近真实开销
    print(
        f"启动：import openai {base * 1000:.0f} ms；agent.py --help {helps * 1000:.0f} ms，"
        f"比值 {helps / base:.2f}×（目标 ≤ 1.10×）"
    )
    print(
        f"  到交互提示符 {prompt * 1000:.0f} ms，比值 {prompt / base:.2f}×（目标 ≤ 1.10×）；"
        f"其中 SDK 建客户端（import openai; openai.OpenAI()）本身就要 {client * 1000:.0f} ms，"
        f"相对它 {prompt / client:.2f}×"
    )


def context(name, provider_script, workdir):
    with FakeProvider(provider_script) as p:
        os.chdir(workdir)
        messages = agent_loop(openai.OpenAI(base_url=p.url, api_key="bench", max_retries=0))
        raws = p.raw
    sizes = [len(r) for r in raws]
    growth = [b - a for a, b in zip(sizes, sizes[1:], strict=False)]
    arrays = [messages_bytes(r) for r in raws]
    extends = all(cur.startswith(prev[:-1]) for prev, cur in zip(arrays, arrays[1:], strict=False))
    same_head = all(json.loads(r)["tools"] == json.loads(raws[0])["tools"] for r in raws)
    print(
        f"{name}：{len(raws)} 个请求，字节数 {sizes}；每轮增长 {growth}（最大 {max(growth)}）；"
        f"每个请求的 messages 逐字节延续上一个：{'是' if extends else '否'}；"
        f"tools 每次相同：{'是' if same_head else '否'}；"
        f"最后 messages {len(messages)} 条"
    )


def main():
    started = time.perf_counter()
    per_round_overhead()
    record_overhead()
    startup()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        shutil.copytree(ROOT / "examples" / "my-project", tmp / "my-project")
        context(
            "章节的四轮任务",
            [
                tool_reply(call("list_files", {"path": "."}, id="a")),
                tool_reply(call("read_file", {"path": "package.json"}, id="b")),
                tool_reply(call("read_file", {"path": "README.md"}, id="c")),
                text_reply("这个项目的技术栈如下：React、Express、Jest"),
            ],
            tmp / "my-project",
        )
        big = tmp / "big"
        big.mkdir()
        for i in range(9):
            (big / f"log{i}.txt").write_text("2026-11-29 INFO 一行很长的日志 request handled\n" * 50_000)
        context(
            "读大文件的十轮任务",
            [tool_reply(call("read_file", {"path": f"log{i}.txt"}, id=f"r{i}")) for i in range(9)]
            + [text_reply("读完了")],
            big,
        )
    os.chdir(ROOT)
    print(f"\n总耗时 {time.perf_counter() - started:.1f} 秒")


if __name__ == "__main__":
    main()
