"""数数：模型调用和工具执行分开数（第三篇讲义），没有执行的调用另外数。

每个数只表示一件事：“工具执行 N 次”只算真正跑了的工具；参数不对、没有这个工具、
命令没有批准的调用也会得到一条 role=tool 结果（配对不能断），但它们没有执行，单独列出来。
"""


class NotRun(str):
    """没有执行的工具调用的结果：就是送回模型的那段文字，另外记着没执行的原因，统计时分开数。"""

    reason: str

    def __new__(cls, text: str, reason: str):
        result = super().__new__(cls, text)
        result.reason = reason
        return result


def count_tool_run(stats: dict, result: str) -> None:
    """真正执行了的算进“工具执行”；NotRun 按原因另记。"""
    if isinstance(result, NotRun):
        not_run = stats.setdefault("not_run", {})
        not_run[result.reason] = not_run.get(result.reason, 0) + 1
    else:
        stats["tool_runs"] += 1


def count_model_call(stats: dict, response) -> None:
    """模型调用次数加一，按顺序记下每次调用的 token 用量（--step 显示上一次的，[统计] 加起来）。"""
    stats["model_calls"] += 1
    stats.setdefault("calls", []).append(usage_of(response))


def usage_of(response) -> dict:
    """回复里的 token 用量 {"prompt", "completion", "cached"}，服务商没给的不写。

    缓存命中的字段两家不同：OpenAI 是 prompt_tokens_details.cached_tokens，
    DeepSeek 是 prompt_cache_hit_tokens。
    """
    usage = getattr(response, "usage", None)  # 形状不对的回复也会走到这里：用不了就不算
    usage = usage.to_dict(warnings=False) if hasattr(usage, "to_dict") else usage
    usage = usage if isinstance(usage, dict) else {}
    details = usage.get("prompt_tokens_details")
    cached = usage.get("prompt_cache_hit_tokens") or (
        details.get("cached_tokens") if isinstance(details, dict) else None
    )
    found = {"prompt": usage.get("prompt_tokens"), "completion": usage.get("completion_tokens"), "cached": cached}
    return {
        key: value
        for key, value in found.items()
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**12
    }


def summary(stats: dict, messages: int) -> str:
    """[统计] 模型调用 2 次，工具执行 1 次（另有 1 次调用没有执行：参数不对），messages 共 6 条；tokens：…"""
    line = f"[统计] 模型调用 {stats['model_calls']} 次，工具执行 {stats['tool_runs']} 次"
    not_run = stats.get("not_run") or {}
    if not_run:
        total = sum(not_run.values())
        reasons = "，".join(
            reason if len(not_run) == 1 else f"{reason} {count} 次" for reason, count in not_run.items()
        )
        line += f"（另有 {total} 次调用没有执行：{reasons}）"
    line += f"，messages 共 {messages} 条"
    calls = stats.get("calls") or []
    if any("prompt" in usage for usage in calls):
        total = {key: sum(usage.get(key, 0) for usage in calls) for key in ("prompt", "completion", "cached")}
        line += f"；tokens：输入 {total['prompt']}"
        if total["cached"]:
            line += f"（缓存命中 {total['cached']}）"
        line += f"，输出 {total['completion']}"
    return line
