"""离线演示用的“模型”：按固定规则回放，不需要 key，不发任何网络请求。

它提供和 OpenAI 客户端一样的 client.chat.completions.create(...)，返回真正的 SDK 对象
ChatCompletion，所以 run() 分不出真假。每一步怎么走由到目前为止的工具结果决定——
和真模型一样看证据，只是“思考”换成了写死的规则。
回答之前先像最严格的真实接口一样检查请求（checks.py），历史不合规就回 400。
"""

import json
import os
import re
from types import SimpleNamespace

from openai.types.chat import ChatCompletion

from support.demo.calls import first_new, list_call, said
from support.demo.checks import validate
from support.demo.inventory import inventory_step, no_task_answer
from support.demo.orders import ASKS, ASKS_EN, EN_QUANTITY, QUANTITY, understand_orders
from support.demo.project import about_step, run_tests_step
from support.demo.shell import ABOUT, BRANCH, COUNT, LISTING, MAKE, RUN_TESTS, SHELL_STEPS, understand_shell
from support.demo.stack import entry_step, stack_step, tests_step
from support.demo.texts import INVENTORY, QUESTIONS
from support.demo.usage import use_step

NOTE = "\n\n（离线回放：以上由固定规则根据工具结果生成，不是真实模型。配好 .env 后去掉 --demo 就是真模型。）"
NOTE_EN = (
    "\n\n(Offline replay: the answer above was produced by fixed rules from the tool results, not by a real model. "
    "Set up .env and drop --demo to use a real model.)"
)
# 认得的问题（中文, 英文）：帮助和交互模式的开场白都列它们
HELP = "离线回放只认识这几类问题（中文、英文都行）：\n" + "\n".join(f"- {zh} / {en}" for zh, en in QUESTIONS)
HELP += f"\n- {INVENTORY[0]}（在 examples/inventory 里问）"
HELP_EN = "The offline replay only understands these kinds of question (in English or Chinese):\n" + "\n".join(
    f"- {en}" for _, en in QUESTIONS
)
HELP_EN += f"\n- {INVENTORY[1]} (ask in examples/inventory)"
# 每种意图怎么称呼（问题里问了几件事、只回答了一件时，说出没看的那几件）
ASKED_ABOUT = {
    "stack": ("技术栈", "the tech stack"),
    "entry": ("入口文件", "the entry point"),
    "use": ("某个库有没有用到", "whether a library is used"),
    "tests": ("测试文件", "the test files"),
    "inventory": ("库存", "the stock"),
    "ls": ("目录里有什么", "what is in the folder"),
    "branch": ("git 分支", "the git branch"),
    "create": ("建一个文件再运行它", "creating and running a file"),
    "count": ("每个文件的行数", "the line counts"),
    "about": ("这个项目是做什么的", "what the project does"),
    "run_tests": ("跑测试", "running the tests"),
}
# 问题的意图，按这个顺序认：库存（inventory.py）、要跑命令的和问项目的（shell.py、project.py）、
# 技术栈、入口、某个库用没用、测试文件
STACK = (
    r"技术栈|框架|(用了|用到了?)(什么|哪些|啥)|(什么|哪些|啥)(技术|依赖|库)|依赖了?(什么|哪些|啥)"
    r"|\bstack\b|\bframeworks?\b|\btechnolog|\bdependencies\b|\blibraries\b|\bbuilt with\b"
)
ENTRY = r"入口|启动|\bentry|\bmain (file|script|module|program)\b|\bstarting point\b"
USE = (
    r"用到|用了|使用|有用|有没有|是否|搜|找|依赖"
    r"|\b(use[sd]?|using|search|find|depends?|imports?|imported|requires?|required)\b"
)
TESTS = r"测试|\btests?\b"
CJK_LETTERS = r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]"  # 中日韩文字（不含标点）
# 问题里的这些英文词不是库名
NOT_NAMES = set(
    "a an the is are was were be been do does did it its this that these those we our you your i me my "
    "project repo repository codebase code here there anywhere somewhere used use uses using search find "
    "for in on of at by to from any and or not if whether please can could tell what which where how "
    "library libraries package packages module modules dependency depend depends import imports imported "
    "require requires required test tests file files folder directory dir with check see look inside app "
    "application version who wrote written author authors license licence upgrade update install when why "
    "made make built build run also then hello hi hey quick question so thank thanks much please pls cheers thx "
    "lot great cool ok okay being all still actually outside yes no curious including include lib database tabs "
    "spaces hooks es ci cd really even ever readme dockerfile makefile changelog".split()
)
# 问题里的一小句，没认出意图（understand 给 help）时：是不是在接着问认得的那件事（“库存够吗”“如果够”“一共多少钱”），
# 不是的话就是没回答的另一件事，回答末尾要说出来（left_out）
ON_TOPIC = (
    rf"{STACK}|{ENTRY}|{USE}|{TESTS}|{ASKS}|{ASKS_EN}|{BRANCH}|{COUNT}|{MAKE}|{RUN_TESTS}|{ABOUT}|{LISTING}"
    r"|运行|执行|内容|\b(run|execute|content|containing|with)\b"  # “然后运行它”“内容是 print(2)”：建文件、运行
    r"|哪里|哪个文件|哪些文件|路径|版本|前端|后端|列出|列一下"  # 回答里本来就有的：在哪些文件、版本、前后端、路径
    r"|\b(where|which files?|path|versions?|frontend|backend|list|show)\b"
)
ON_TOPIC_STOCK = r"|够|多少|钱|价|数量|几[盒支个件包]|\bhow many\b|\bprice\b"  # 只在库存问题里算接着问
# 客气话、开场白、承接的话：整句只有它们，就不是另一件事
FILLER_CJK = (
    r"请问?|谢谢|多谢|感谢|谢了|辛苦了?|帮我|帮个忙|麻烦你?|好的?|你好|嗨|我想(知道|问问?|了解)(一下)?|问一下|想问一下|"
    r"告诉我|如果(够|可以|有|用到)?了?(的话)?|那|就|吧|呀|啊|啦|哈|呢|嘛|哦|了|一下|你|您|大家"
)
FILLER_WORDS = set(
    "ok okay please pls plz thanks thank thx ty you so much a lot very cheers hi hello hey well quick question "
    "i id i'd would like want to know can could tell me wonder if it is there are enough great cool sir appreciated "
    "in advance check or not".split()
)
SCOPE = (  # “用没用到”问的是哪个目录：in src/、在 src 里
    r"\b(?:in|inside|under)\s+(?:the\s+)?([\w.-]+(?:/[\w.-]+)*/?)(?=[\s?？.,]|$)"
    r"|在\s*([\w./-]+?)\s*(?:目录|文件夹)?\s*(?:里|下|中)"
)
CLAUSE_BREAK = (
    r"[，。？！；：]+|[,.?!;:]+(?=\s|$)|\band\b|\balso\b|\bor\b|还有|以及|另外|顺便|和"  # 2.5、1,000、.py 不拆开
)
LEADING = r"^(and|also|so|then|but|plus|而且|并且|然后|那么)\b[\s,，]*"  # 小句开头的连接词
CURRENCY = r"美元|美金|欧元|日元|英镑|港币|\b(usd|eur|jpy|gbp|hkd|dollars?|euros?|yen|pounds?)\b"


def demo_client(by_position: bool = False):
    """和 openai.OpenAI() 一样用：client.chat.completions.create(model=..., messages=..., ...)。
    by_position：像只按位置渲染工具结果的聊天模板那样配对结果（第三篇讲义的实验 d，DEMO_PAIRING=position）。"""

    def create(model=None, messages=None, tools=None, **_):
        validate(model, messages, tools)  # 像真接口一样：请求不合规就 400，不回答
        first_id = sum(len(m.get("tool_calls") or []) for m in messages) + 1  # 新调用的 id 不和历史里的重复
        return reply(next_step(messages, by_position), model, first_id, english(last_question(messages)))

    return SimpleNamespace(base_url="离线演示", chat=SimpleNamespace(completions=SimpleNamespace(create=create)))


def reply(step, model, first_id=1, en=False) -> ChatCompletion:
    """把一步决定包装成 API 会返回的 ChatCompletion。step 是最终回答（str）或一组工具调用；en：问题是英文。"""
    if isinstance(step, str):
        message = {"role": "assistant", "content": step + (NOTE_EN if en else NOTE)}
    else:
        message = {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": f"call_demo_{first_id + i}",
                    "type": "function",
                    "function": {"name": name, "arguments": json.dumps(args, ensure_ascii=False)},
                }
                for i, (name, args) in enumerate(step)
            ],
        }
    return ChatCompletion.model_validate(
        {
            "id": "demo",
            "object": "chat.completion",
            "created": 0,
            "model": model,
            "choices": [
                {"index": 0, "message": message, "finish_reason": "stop" if isinstance(step, str) else "tool_calls"}
            ],
        }
    )


def understand(question: str) -> tuple:
    """问题 → (意图, 细节)。意图是 inventory（细节是 [Order, …]）、第二篇讲义的 shell 问题和
    about、run_tests（见 understand_shell）、stack、entry、use（细节是要搜的名字）、tests 或 help。"""
    orders = understand_orders(question)
    if orders:
        return "inventory", orders
    shell = understand_shell(question)
    if shell:
        return shell
    q = question.lower()
    # 库名照用户的写法；“in big.log”“在 src 里”“in .venv”“in src/”：工作目录里的文件、目录，不是库名
    raw = re.findall(r"[.A-Za-z@][A-Za-z0-9@._/-]*", question)
    words = [w.strip("./-") for w in raw if not (w.endswith("/") or os.path.lexists(w.rstrip(".")))]
    names = list({w.lower(): w for w in reversed(words) if len(w) > 1 and w.lower() not in NOT_NAMES}.values())[::-1]
    if re.search(STACK, q):
        return "stack", []
    if re.search(ENTRY, q):
        return "entry", []
    if names and re.search(USE, q):
        return "use", names
    if re.search(TESTS, q):
        return "tests", []
    if re.search(USE, q) and re.search(r"什么|啥|哪些|\bwhat\b", q):  # “这个项目用的是什么？”
        return "stack", []
    return "help", []  # 没认出问的是什么（“有没有用到 app”里的 app 不当库名）：说认得哪些问题，不答别的


def next_step(messages, by_position: bool = False):
    """看用户的问题和这个问题以来的工具结果，决定下一步：再调工具，或者回答。

    一步是最终回答（str），或者一组调用 [(工具名, 参数)]。"""
    users = [i for i, m in enumerate(messages) if m["role"] == "user"]
    last_user = users[-1] if users else 0
    seen = results(messages[last_user:], by_position)
    if not users:  # 原任务没送来：不知道用户要什么，只能说看到了什么、缺什么
        return no_task_answer(seen)

    question = plain_text(messages[last_user]["content"])
    intent, names = understand(question)
    en = english(question)  # 英文问题用英文回答
    if intent == "help":
        return HELP_EN if en else HELP
    step = decide(intent, names, seen, en, scope_of(question))
    return step + left_out(question, intent, en, names) if isinstance(step, str) else step


def results(messages: list, by_position: bool = False) -> dict:
    """这些消息里的工具结果：(工具名, 参数 JSON) → 结果。每条结果按它的 tool_call_id 找到它回答的那个调用，
    和真接口一样，不看它排在第几。by_position：第 i 条结果就算第 i 个调用的，不看 id（实验 d）。"""
    seen, calls, waiting = {}, {}, []
    for m in messages:
        if m.get("tool_calls"):
            calls.update({tc["id"]: tc["function"] for tc in m["tool_calls"]})
            waiting = [tc["function"] for tc in m["tool_calls"]]
        elif m["role"] == "tool":
            fn = waiting.pop(0) if by_position and waiting else calls[m["tool_call_id"]]
            seen[(fn["name"], fn["arguments"])] = m["content"]
    return seen


def scope_of(question: str) -> str:
    """“在 src 里有没有用到 express”“Is lodash used in src/?”：问的是工作目录里的哪个目录；
    没说（或者没有这个目录）就是 "."。"""
    m = re.search(SCOPE, question, re.I)
    where = (m.group(1) or m.group(2)).rstrip("/") if m else "."
    return where if os.path.isdir(where) and not os.path.isabs(where) and ".." not in where.split("/") else "."


def decide(intent: str, names, seen, en: bool, scope: str = "."):
    """按意图走一步：还缺哪个工具结果就去要（一组调用），都有了就回答（str）。scope：“用没用到”只搜这个目录。"""
    if intent == "inventory":  # 几种商品就在同一轮里读几个库存文件
        return inventory_step(seen, names, en)
    if intent in SHELL_STEPS or intent in ("about", "run_tests"):  # 第二篇讲义：经过 run_command，用户批准
        return {**SHELL_STEPS, "about": about_step, "run_tests": run_tests_step}[intent](seen, names, en=en)
    if intent == "use":  # 几个名字就在同一轮里并行搜几次，结果被截断就缩小范围接着搜
        return use_step(seen, names, en=en, scope=scope)
    step = {"stack": stack_step, "entry": entry_step, "tests": tests_step}[intent]
    return first_new(seen, list_call(".")) or step(seen, en=en)


def left_out(question: str, intent: str, en: bool, detail=()) -> str:
    """问题里还问了别的（“用了什么技术栈，入口文件是哪个？”）：这一次只回答了一件，说出没有去看的那几件；
    有一句规则没认出（“顺便把它升级到 19”），照原话说出来。detail：回答了的那件的细节（搜了哪些名字、查了哪些商品）。"""
    clauses = re.split(CLAUSE_BREAK, re.sub(r"\b(e\.g|i\.e|etc)\.", r"\1", question, flags=re.I), flags=re.I)
    others, unknown = {}, []  # 意图 → 怎么称呼它（问的是哪个库时点出名字）；规则没认出的小句
    currency = intent == "inventory" and re.search(CURRENCY, question.lower())  # 要换成别的货币：整句里找
    # 已经回答了的名字：搜过的库名、查过的商品（“红笔和蓝笔”拆开后的“红笔”不是另一件事）
    answered = {str(getattr(d, "item", d)).lower() for d in detail} if intent in ("use", "inventory") else set()
    stock = f"{ON_TOPIC_STOCK}|{QUANTITY}|{EN_QUANTITY}" if intent == "inventory" else ""
    on_topic = ON_TOPIC + stock
    for clause in (re.sub(LEADING, "", c.strip(), flags=re.I).strip() for c in clauses):
        if not clause:
            continue
        intent_of, detail_of = understand(clause)
        if intent_of == "help":
            lower = clause.lower()
            said_before = any(a in lower for a in answered)  # “and also Jest”：回答里已经搜过的名字
            if not (re.search(on_topic, lower) or re.search(CURRENCY, lower) or said_before or filler(lower)):
                unknown.append(clause[:60])
        elif intent_of != intent and intent_of not in others:
            named = intent_of == "use" and detail_of
            others[intent_of] = (
                said(en, f"项目里有没有用到 {detail_of[0]}", f"whether {detail_of[0]} is used") if named else ""
            )
    note = ""
    if others:
        asked = said(en, "、", ", ").join(name or said(en, *ASKED_ABOUT[o]) for o, name in others.items())
        note += said(
            en,
            f"\n\n（你还问了{asked}：这一次只回答了上面这一件，没有去看{asked}。可以再单独问一次。）",
            f"\n\n(You also asked about {asked}: this answer covers only the above; I did not look into it. "
            "Ask about it on its own.)",
        )
    if currency:
        note += said(
            en,
            "\n\n（你还说了要用别的货币算：上面的钱数是库存数据写的货币，我没有换算，也不知道汇率。）",
            "\n\n(You also asked for another currency: the amounts above are in the currency the stock data uses; "
            "I did not convert them and do not know the exchange rate.)",
        )
    if unknown:
        quoted = said(en, "”“", "”, “").join(unknown)
        note += said(
            en,
            f"\n\n（我的规则没有认出“{quoted}”这一句：它要是在问别的事、要我做别的事，上面的回答没有包括，我也没有做。）",
            f"\n\n(My rules did not recognise “{quoted}”: if it asks or tells me something else, the answer above "
            "does not cover it and I did not do it.)",
        )
    return note


def filler(clause: str) -> bool:
    """这一小句只是客气话、开场白（“谢谢”“thanks a lot”“Cheers”“多谢啦”）。"""
    rest = re.sub(FILLER_CJK, "", clause)
    return not re.sub(r"[\s!！~～。.,，?？'’]+", "", " ".join(w for w in rest.split() if w not in FILLER_WORDS))


def english(question: str) -> bool:
    """英文问题：没有中日韩文字，有拉丁字母（输入法打出来的全角问号不算中文：“Is lodash used？”）。"""
    return not re.search(CJK_LETTERS, question) and bool(re.search(r"[A-Za-z]", question))


def last_question(messages) -> str:
    users = [m for m in messages if isinstance(m, dict) and m.get("role") == "user"]
    return plain_text(users[-1].get("content") or "") if users else ""


def plain_text(content) -> str:
    """user 的 content：字符串，或者分段的 [{"type": "text", "text": …}]。"""
    if isinstance(content, str):
        return content
    return "".join(part.get("text") or "" for part in content if isinstance(part, dict))
