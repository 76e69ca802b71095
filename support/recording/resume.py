"""--record 和 --resume 接上客户端：新建录音，或者读回一段录音、接着它的对话问下去、接着往里写。"""

import json
from pathlib import Path

from support.recording.read import read_recording, requests
from support.recording.record import Recorder, create_recording, open_for_append, session_info
from support.recording.replay import recorded_message
from support.visible import printable


def keep_run(client, model: str, tools: list, max_rounds, mode: str, workdir: Path, *, record, resume) -> tuple:
    """返回 (包着 client 的 Recorder, 接着问的 messages 或 None)。Recorder 就是 run() 每执行完一个工具
    告诉一声的那个。record：新的录音文件；resume：接着的那段录音（没给 record 就接着写进它）。
    max_rounds：(轮次上限, 它是哪里定的：--max-rounds 或 MAX_ROUNDS)；mode：question（单个问题）或 repl；
    workdir：要进去的工作目录（只记它的名字）。"""
    rounds, limit = max_rounds
    info = session_info(client, model, tools, rounds, mode, workdir=workdir.name, limit=limit)
    history = None
    if resume:
        events = read_recording(resume)
        exchanges = requests(events)
        history = resumed(exchanges)
        last = exchanges[-1] if exchanges and not record else None  # 接着写同一个文件：只写新增的
        file = create_recording(record) if record else open_for_append(resume)
        info["resumed"] = True
        recorder = Recorder(
            client, file, info, last["messages"] if last else (), last["request"]["question"] if last else 0
        )
        then = [e.get("workdir") for e in events if e["event"] == "session"][-1]
        print(printable(
            f"[接着] {resume} 里的对话：{len(history)} 条消息；新的记录写在 {record or resume}。"
            + (f"\n[接着] 录制时的工作目录叫 {then}，现在是 {workdir.name}：要接着问同一个项目，用 -C 指定它。"
               if then not in (None, workdir.name) else "")
        ))  # fmt: skip
    else:
        recorder = Recorder(client, create_recording(record), info)
    if workdir in Path(record or resume).resolve().parents:
        print("[注意] 录音文件在工作目录里：文件工具也看得到它，搜索时会搜到录下的内容。想避开就把它放到工作目录外面。")
    return recorder, history


def resumed(exchanges: list) -> list:
    """录音结束时的对话：最后一次请求的 messages，加上它的回复和已经执行完的工具结果。
    没答完的地方留着，下一个问题开始时 run() 照常修好（[修复]）。"""
    if not exchanges:
        return []
    last = exchanges[-1]
    messages = json.loads(json.dumps(last["messages"]))
    outcome = last["outcome"] or {}
    if outcome.get("event") != "reply":
        return messages
    msg, _ = recorded_message(outcome.get("reply"), messages)
    if msg is None:
        return messages  # 录下的回复本来就不能用：录制时也没进历史
    messages.append(msg)
    results = {t["id"]: t["result"] for t in last["tools"]}
    for tc in msg.get("tool_calls") or []:
        if tc["id"] in results:
            messages.append({"role": "tool", "tool_call_id": tc["id"], "content": results[tc["id"]]})
    return messages
