"""离线演示的“模型”：按固定规则决定下一步，只看请求：不看磁盘、不跑命令、不读环境变量和时钟。

client.chat.completions.create(...) 和 OpenAI 客户端的一样，返回真的 ChatCompletion，run() 分不出真假。一次生成是
一条流水线：像服务商一样检查请求（../request_rules.py）→ 读成事实（facts.py）→ 听懂问题（question.py）→ 每件事按
它的类定计划（project.py、running.py、usage.py、shell.py、stock.py）：缺事实就发调用，都有了就回答 → 句子来自 words.py。
"""

import json
from types import SimpleNamespace

import httpx2 as httpx  # openai 3.x 用的 HTTP 库
import openai
from openai.types.chat import ChatCompletion

from support.demo import project, shell, stock, usage
from support.demo import words as w
from support.demo.facts import Facts, Missing, gather
from support.demo.followup import forgotten, in_context
from support.demo.names import MAX_NAMES
from support.demo.sentences import join, say
from support.request_rules import check_request

MAX_CALLS = 10  # 一次回复最多几个调用
TOP_ONLY = ("entry", "branch")  # 这几类只在整个项目里看
MAX_BEFORE = 8  # 接着问时最多往前读几个问题（每一步都要重读：对话再长，一步的时间也有上限）
JSON = {"content-type": "application/json"}
PLANS = {
    kind: getattr(m, kind) for m in (project, shell, stock, usage) for kind in m.KINDS
}  # 每一类问题的计划：同名的函数


def demo_client(by_position: bool = False):
    """和 openai.OpenAI() 一样用：client.chat.completions.create(model=..., messages=..., tools=...)。
    by_position：像只按位置渲染工具结果的聊天模板那样配对结果（第三篇讲义的实验 d，DEMO_PAIRING=position）。"""

    def create(model=None, messages=None, tools=None, **_):
        if problem := check_request(model, messages, tools):  # 像真接口一样：请求不合规就 400，不回答
            raise rejected(*problem)
        return completion(model, next_step(messages, tools or [], by_position), messages)

    return SimpleNamespace(base_url="离线演示", chat=SimpleNamespace(completions=SimpleNamespace(create=create)))


def next_step(messages: list, tools: list, by_position: bool = False):
    """这一次生成的结果：一组调用 [(工具名, 参数)]，或者最终回答（str）。"""
    facts = Facts(messages, tools, by_position)
    if not facts.questions:  # 原任务没送来：只能说看到了什么、缺什么
        return stock.no_task(facts)
    ask = before = None
    for question in facts.questions[-MAX_BEFORE:]:  # 每个问题和它前面的几个一起读：接着问的，沿用上一个有内容的问题
        ask = in_context(question, before)
        if ask.parts:  # 改了口没算的（revised）也是前一个问题：接着问时不回到改口以前的订单
            before = ask
        elif ask.unknown and before:  # 没听懂的一句（“Double it.”）可能改了订单：以后不沿用以前的
            before = forgotten(before)
    if not ask.parts:
        return say("unknown_question", ask.en, question=facts.questions[-1][:80]) + say("offline", ask.en)
    if ask.fresh:  # “重新读一下”：以前的问题里读到的不算了
        facts.forget_earlier()
    try:  # 几件事要的调用放在同一轮里；都有了才一起回答
        answers = gather(lambda part: top_only(part, facts, ask.en, PLANS[part.kind](part, facts, ask.en)), ask.parts)
    except Missing as missing:
        return missing.calls[:MAX_CALLS]
    said = [say("not_understood", ask.en, clauses=say("quote_join", ask.en).join(ask.unknown))] * bool(ask.unknown)
    skipped = [name for part in ask.parts for name in part.skipped]  # 超过 MAX_NAMES 的目录、文件
    said += [say("too_many", ask.en, names=join(skipped, ask.en), n=MAX_NAMES)] * bool(skipped)
    if facts.reused and all(part.kind != "inventory" for part in ask.parts):  # 库存的回答自己说了哪些是以前读到的
        said.append(reused(facts, ask.en))
    return "\n\n".join(answers) + "".join(said) + say("offline", ask.en)


def top_only(part, facts, en: bool, said: str) -> str:
    """入口、分支只在整个项目里看：问的是一个目录（“backend 目录的入口文件”），回答前先说没专门看它（找到的入口
    正在那个目录里的除外）；说的不是列出过的目录（“in Docker”“in dev mode”），就说没认出它。"""
    if part.kind not in TOP_ONLY or part.folder == "." or f"{part.folder.rstrip('/')}/" in said:
        return said
    listed = {n.rstrip("/") for names in facts.listed.values() for n in names}
    known = "." not in facts.listed or part.folder.rstrip("/") in listed  # 没列过目录（查分支）：不知道有没有它
    if not known and part.folder.lower() in w.PROGRAM:  # “start the server”“the app's entry”：没有这个目录，说的是程序
        return said
    key = f"top_only_{part.kind}" if known else "top_unknown"
    return say(key, en, folder=part.folder) + said


def reused(facts, en: bool) -> str:
    """回答用上了以前的问题里读到、搜到的：说出是哪些（后来改了的话，要说“重新读一下”）。"""
    things = []
    for _, args in facts.reused:
        path = str(args.get("path", "."))
        things.append(f"“{args['query']}”" if "query" in args else say("workdir", en) if path == "." else path)
    return say("reused", en, things=join(dict.fromkeys(things), en))


def completion(model, step, messages: list) -> ChatCompletion:
    """把这一步包装成 API 会返回的 ChatCompletion；新调用的 id（call_demo_N）不和历史里的重复。"""
    message, reason = {"role": "assistant", "content": step}, "stop"
    if not isinstance(step, str):  # 请求已经查过：历史里的每个调用都有字符串 id
        taken = {tc["id"] for m in messages if m.get("role") == "assistant" for tc in m.get("tool_calls") or []}
        ids = [i for n in range(1, len(taken) + len(step) + 1) if (i := f"call_demo_{n}") not in taken]
        calls = [
            {"id": i, "type": "function", "function": {"name": name, "arguments": json.dumps(a, ensure_ascii=False)}}
            for (name, a), i in zip(step, ids, strict=False)
        ]
        message, reason = {"role": "assistant", "content": None, "tool_calls": calls}, "tool_calls"
    choice = {"index": 0, "message": message, "finish_reason": reason}
    body = {"id": "demo", "object": "chat.completion", "created": 0, "model": model, "choices": [choice]}
    return ChatCompletion.model_validate(body)


def rejected(message: str, param, code) -> openai.BadRequestError:
    """和真服务商回 400 时 SDK 抛的一样：带一个真的 400 响应，body 是 OpenAI 格式的 error 对象。"""
    body = {"error": {"message": message, "type": "invalid_request_error", "param": param, "code": code}}
    request = httpx.Request("POST", "https://offline-demo.invalid/v1/chat/completions")  # 只用来填响应，不会发出去
    response = httpx.Response(400, request=request, content=json.dumps(body).encode(), headers=JSON)  # \ud800 也写得出
    return openai.BadRequestError(f"Error code: 400 - {message}", response=response, body=body["error"])
