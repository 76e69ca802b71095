"""离线演示说的每一句话：一张表，每句一对（中文，英文）；问题是英文就用英文。花括号里的由计划填进去。"""

# 交互模式的开场白（support/cli.py 交给 terminal.prepare_repl()）：离线回放认得的几类问题，中英文各一种问法
QUESTIONS = [
    tuple(row.split(" / "))
    for row in """
帮我看看这个项目用了什么技术栈 / What tech stack does this project use?
这个项目的入口文件是什么？ / What is the entry point?
搜索一下项目里有没有用到 lodash / Is lodash used anywhere?
帮我看看 tests 目录下有哪些测试文件 / Which test files are there?
这个项目是做什么的？ / What does this project do?
README.md 里写了什么？ / What does README.md say?
帮我看一下当前目录下都有些什么文件 / What files are in this directory?
检查一下当前 git 分支 / Which git branch am I on?
创建一个 hello.py 写入 print("hi") 然后运行它 / Create hello.py with print("hi") and run it
帮我统计当前目录下每个 .py 文件的行数 / Count the lines of each .py file
""".strip().splitlines()
]
INVENTORY = (
    "我需要 3 盒红笔。库存够吗？如果够，一共多少钱？",
    "I need 3 boxes of red pens and 2 boxes of blue pens. Enough in stock? How much in total?",
)
DEMO_INTRO = "\n".join([
    "离线回放认得这几类问题（中文、英文都行，可以接着上一个问题问）/ The offline replay understands:",
    *(f"  {zh} / {en}" for zh, en in QUESTIONS),
    f"  在 examples/inventory 里 / in examples/inventory：{INVENTORY[0]} / {INVENTORY[1]}",
    "要执行的命令先给你看，答 y 才执行；输入不是终端时不执行，除非加 --yes / Each command is shown first and runs only if you answer y (with input from a pipe, only with --yes).",
])  # fmt: skip

# ── 听懂问题用的词（question.py）：问题先转成小写再找 ─────────────────────
# 每一类问题的关键词：类 | 正则。按这个顺序认，一小句只算第一类（use 还要有库名，file 还要有文件名）；
# none 是认得、却不做的事（跑测试）：不当成别的一类，回答时照原话说没做
KINDS = [
    tuple(row.split(" | "))
    for row in r"""
tests | (怎么|如何|怎样|用什么命令|什么命令)(来)?(跑|运行|执行|启动)(一下)?(这些|所有的?|全部的?|这个项目的|项目的)?(单元)?测试|(单元)?测试(要|该)?(怎么|如何|怎样)(跑|运行|执行|启动)|测试(命令|脚本)|\bhow (do|can|should|would) (i|we|you) (run|execute) (all )?(the |these |my |its )?(unit )?tests?\b|\bhow to (run|execute) (all )?(the )?tests?\b|\b(which|what)('s| is)? (the )?command (runs|to run|do i use to run|should i use to run|for)( all)?( the)? tests?\b|\btest (command|script)\b
none | \bshould (i|we)\b|\bwhy\b|为什么|为啥|\b(latest|newest) version\b|最新的?版|应该(用|选|升级)|(推荐|建议)(用|哪)|\bdev\s*依赖|开发时?的?依赖|\bdev[ -]only\b|只在开发|开发时才|几倍|倍数|\bhow many times\b|\btimes (as|more)\b|所有的?分支|哪些分支|几个分支|分支列表|列出.{0,6}分支|合并|\bbranches\b|\bbranch (called|named)\b|\bmerged?\b|\bis there a branch\b|\bdev ?dependencies\b|\bpeer ?dependencies\b|开发依赖|生产依赖|\b(outside|except|excluding|other than|besides|apart from|beyond|but|not counting|not including|without)\b.{0,20}\btests?\b|(测试|\btests?\b).{0,8}(以外|之外|除外)|除了?.{0,10}(测试|\btests?\b)|(不算|除开|不包括|不含|排除|去掉).{0,6}(测试|\btests?\b)|\bleft (after|afterwards|over)\b|\b(would|will|would there|will there) be left\b|\bafterwards\b|\bremain(ing)? after\b|买完|买了(以后|之后)|(以后|之后)还剩|预算|买得起|(能|可以)买(几|多少)|\bbudget\b|\bto spend\b|\bafford\b.{0,40}\bwith \$?\d|\bhow many\b.{0,30}\bcan (i|we)( \w+)? (buy|get|afford)\b|\b\d+(\.\d+)? ?(cny|rmb|yuan)\b|\d+(\.\d+)? ?(元|块钱?)(?!.{0,3}一)|including subfolders|包括子目录|子目录里的也算|\brecursive(ly)?\b|递归|\bline \d+\b|第 ?\d+ ?行|\bthe (end|last \w+) of\b|最后(几|一|\d)|末尾|结尾|太贵|贵不贵|\btoo (expensive|cheap)\b|\b(expensive|cheaper|pricey)\b|税|运费|重量|折扣|到货|卖了|销量|失败|没用到的|多余的|\b(tax|taxes|shipping|delivery|weight|discount|sold|sales|failing|failed|unused)\b|价值|值多少|总值|买空|美元|美金|欧元|日元|英镑|港币|\b(value|worth|left over|run out|usd|eur|jpy|gbp|hkd|dollars?|euros?|yen|pounds?)\b|过时|最新版本|升级到|漏洞|覆盖率|补货|几天|多久|要改吗|怎么改|总结|概括|翻译|\b(coverage|vulnerab\w*|outdated|up[ -]to[ -]date|restock|summari[sz]e|summary|translate)\b|(跑|运行|执行|\brun\b|\bexecute\b).{0,12}(测试|\btests?\b|pytest|test suite)|测试.{0,3}(跑|运行)(?!的)|比.{1,10}(贵|便宜|多|少)|\b(cheaper|dearer|pricier|more expensive|more|less|fewer) than\b|设为|设成|改为|修改|更新|删除|删掉|\b(set|update|modify|delete|remove|change)\b.{0,40}\b(to|stock|file|price)\b|\bcommits?\b|提交|端口|监听|\bports?\b|\blisten(s|ing)?\b|哪几种商品|哪些商品|什么商品|几种商品|\b(which|what) (products|items|goods)\b|\bstock records\b
branch | 分支|\bbranch\b
count | 几行|行数|多少行|\b(how many|number of) rows\b|\brow counts?\b|\bhow long (is|are)\b.{0,40}\b(files?|scripts?)\b|\bcount\b.{0,30}\blines?\b|\bline counts?\b|\bhow many lines\b|\blines of code\b|\bwc\b
ls | \bhow many (?!tests? )([\w.+-]+ )?files\b(?!.{0,30}\b(use[sd]?|import|imports|imported|mention|mentions|mentioned|contain|contains|reference|references|referenced|require|requires|required)\b)|(?<!在)(?<!在了)几个文件(?!.{0,8}(用到|用了|引用|提到|包含|引入|导入|import|require))|(?<!在)(?<!在了)多少个?文件(?!.{0,8}(用到|用了|引用|提到|包含|引入|导入|import|require))|\bfile count\b
ls | \bhow many\b(?!\s+(tests?|test cases|cases|lines|rows|commits|dependencies|packages|libraries|functions|classes|modules)\b).{0,40}\b(in|under|inside)\s+(the\s+)?([\w.-]+/|[\w.-]+ (folder|directory|dir)\b)|(目录|文件夹|[\w.-]+/)\s*(里|下|中)(面)?(一共|总共)?(有|共有)?(几|多少)个
inventory | 库存|多少钱|总价|单价|价格|够不够|够吗|够用|够的话|有货|还剩|还有多少|(还有|剩下?)几[盒支包瓶本箱枝张套把条根卷袋双台罐桶]|有多少[盒支个件包瓶本只箱枝张套把条根卷袋双台罐桶]?$|下单|订购|还有吗|有货吗|还有没有|(?!一个)[\d一二两三四五六七八九十百千万]\s*[盒支个件包瓶本只箱枝张套把条根卷袋双台罐桶](?!\s*(库|文件|目录|文件夹|函数|依赖|包|模块|项目|测试|问题|地方|类|方法|命令))|\b(in stock|stock(?!\s*(/|folder|directory|dir|目录|文件夹))|enough|how much|total|price|costs?|available)\b|\bneed \d|\b\d+ (boxes|box|packs?|pieces?|bottles?|cartons?|cases?|sets?|units?) of\b|\bhow many\b(?!.{0,30}\b(files?|lines?|rows?|commits?|folders?|tests?|items?|dependencies|packages|libraries|modules|functions|classes)\b)|\b(sell|sold)\b|有卖|卖不卖|\bdo (you|we) (have|sell|stock)\b.{0,20}\b(pens?|pencils?|notebooks?)\b|\b(want|need|buy|order|take)\b.{0,12}\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten) (boxes|box|packs?|pieces?|bottles?|cartons?|cases?|units?)\b
file | (里|中)(面)?(都)?(写了|讲了|说了|写着|有|是)(些)?(什么|啥|些什么)|(写了|讲了|说了|写的是)(些)?(什么|啥)|内容|看看|打开|显示|读一下|读读|读取|\b(show|open|read|print|cat|says?|contains?)\b|\bwhat('s| is) in\b|\bwhat (does|do)\b.{0,40}\b(do|check|test|mean)s?\b|(测|查|做|干)(的是|了)?(什么|啥)
about | (做|干)(什么|啥)(用)?的|干嘛的|干嘛用|用来(做|干)|有什么用|介绍一下|简介|用途|\bwhat (does|is) (this|the|it)( project| repo| app| tool)?( (?!tests?\b|errors?\b|files?\b|functions?\b)\w+)? ?(do|for|about)\b|\bwhat('s| is) this (project|repo|repository|codebase)\b|\b(about|describe) (this|the) (project|repo)
stack | 用.{1,20}写的|用的是.{1,30}还是|版本号|(项目|包)(自己)?(的|是)?(什么|哪个|哪一个)?版本|\bwhat version is (it|this|my|our)\b|什么 ?\w{0,12} ?版本|什么语言|哪种语言|\b(what|which) (programming )?language\b|技术栈|框架|测试.{0,3}(用的是|用了|用)(什么|哪个|啥)|用什么(来)?测试|\btest(ing)? (framework|library|runner)\b|\bwhat\b.{0,20}\bfor testing\b|(用了|用到了?|使用了?)(什么|哪些|啥)|(什么|哪些|啥)(技术|依赖|库|框架)|依赖了?(什么|哪些|啥)|(什么|哪个)版本|\bstack\b|\bframeworks?\b|\btechnolog|\bdependencies\b|\blibraries\b|\bbuilt with\b|\b(which|what) versions?\b|\bwhat \w+ versions?\b|(几|多少)个?依赖|\bwhat (libs|libraries|packages|deps|dependencies)\b|(?<![a-z0-9_.@/+-])[a-z][a-z0-9_.@/+-]*\s*(的|'s)?\s*(版本|versions?\b)|版本(是)?多少|\bwhat('s| is) the version\b|可选依赖|\bextras\b|\boptional[ -](dependencies|deps)\b
entry | 入口|启动(?!后|以后|之后|了)|怎么(运行|跑)|\bentry|\bmain (file|script|module)\b|\bstarting point\b|\bhow (do i|to|can i) (run|start)\b|\bhow (do i|to|can i) use (it|this|the (cli|tool|command|command line|app|program))\b|\bwhere does .{0,30} start\b
use | 用到|用了|用在|使用|有用|有没有|是否|搜|找|提到|出现在|依赖|\b(use[sd]?|using|search|find|depends?|imports?|imported|requires?|mention(s|ed)?)\b
tests | 测试文件|测试目录|测试用例|\btest files?\b|\btests? (folder|directory|dir)\b|\bwhich tests\b|\bspecs?\b
ls | \blist (everything|all)\b
ls | (目录|文件夹|这里|这儿)(下|里|中)?(面)?(现在)?(都)?(有)?(些|哪些|什么|啥)|(里|下|中)(面)?(现在)?(都)?有(些|哪些|什么|啥)(文件|东西)|列(出|一下|下)?.{0,12}(文件|目录|文件夹)|(?<!在)(?<!在了)多少个?文件(?!.{0,8}(用到|用了|引用|提到|包含|引入|导入|import|require))|\bls\b|\blist\b.{0,15}\bfiles\b|\bwhat files\b|\bwhat('s| is) in (this |the |the current )?([\w./-]+ )?(dir|directory|folder)\b|\bhow many files\b(?!.{0,30}\b(use[sd]?|import|imports|imported|mention|mentions|mentioned|contain|contains|reference|references|referenced|require|requires|required)\b)|(?<!在)(?<!在了)几个文件(?!.{0,8}(用到|用了|引用|提到|包含|引入|导入|import|require))|多少项
tests | 测试|\btests?\b
""".strip().splitlines()
]
KIND = dict(KINDS)  # 按类查它的关键词（同一类有几行的，用最后一行）
GOODS_WORDS = r"库存|单价|价格|多少钱|总价|有货|买|[盒支包瓶箱]|\b(stock|prices?|costs?|boxes|box|pens?|pencils?|notebooks?|packs?|buy|order)\b"  # 说的是商品
UNIT_PRICE = r"\bwhat do(es)? (they|it|one|each|(a|one|each) (box|pen|pack|piece|unit)) cost\b|\bwhat('s| is) the price\b|\bhow much (is|are|does) (one|a|each)\b|单价|[一每][盒支个件包瓶本只箱]多少钱|多少钱一[盒支个件包瓶本只箱]|\b(how much|cost|costs|price|are they|is it)\b.{0,15}\beach\b|\beach (cost|costs|is|one)\b|\b(apiece|per (box|unit|pen|pack|piece|item))\b"
# 要重新读：以前读到的不算（只说了这个的一小句不算没听懂）
FRESH = r"库存.{0,6}(改成|改为|调成|调到|设成|变成)|重新(读|看|查|搜)|重读|再(读|看|查|搜)一?(下|遍|次)|刷新|最新的?|(文件|数据|库存)?(我|已经)?(改过了?|改了|更新了|更新过|变了)|(刚|刚刚|已经)(加了|装了|删了|添加了|安装了|删除了)|\b(re-?read|re-?check|(read|check|search|look) (it |them |the (stock )?files? )?again|again|latest|refresh|(i )?(have |'ve )?(changed|updated|edited)( (it|the (stock )?files?))?|i (just |have just |'ve just )?(added|removed|installed|deleted|uninstalled))\b"
EACH_TEST = r"(测试|test)[^，。？?]{0,6}(里|中)(面)?(都)?(写了|写着|有)(些)?(什么|啥)|\bwhat('s| is) in (them|the tests?|the test files?)\b(?! (folder|directory|dir)\b)|\bwhat do(es)? the test files? (say|contain)\b|测试?了(什么|啥|哪些)|测的(是)?哪些|(几|多少)个?(测试)?(用例|函数|方法)|\btest (cases?|functions?|methods?)\b|\bhow many tests\b|每个(测试)?(文件)?(测|是|检查)(的是)?(什么|啥)|分别测|各自测|测的是什么|\bwhat (each|every) (test|one|file)\b|\beach test\b|\bwhat do (they|the tests) (test|check)\b|\bwhat (does|do) (the|this|that|each|every) tests?( files?)?\b.{0,20}\b(test|check|cover|do)\b"
# 一小句里连着问的几件事：strong 前后各拆开；其余（和、and）两边是不同的两类事才拆
JOINS = r"(?P<strong>并且|(?<!合)并(?![且发行])|而且|然后|接着|同时|\band then\b|\bthen\b|\band\b(?=\s+(?:please\s+)?(?:(?:on|in|at|for|from|by|with|to) (?:which|what|where)\b|what|which|where|how|is|are|does|do|can|could|who|why|when|uninstall|remove|delete|install|add|update|upgrade|fix|change|rename|replace|run|create|write|tell|show|explain|list|count|check|find|search|make|give|open|read|summari[sz]e|translate)\b))|和|、|以及|\band\b"
SOURCE_FILE = r"\.(py|pyi|ts|tsx|jsx|mjs|cjs|json|md|rst|txt|toml|ya?ml|cfg|ini|sh|go|rs|java|rb|php|c|h|cpp|html|css|vue|sql|ipynb)$"  # 文件名，不是库名（react.js 是库）
ALL_OF = r"最多|\bat most\b|\bevery\b.{0,30}\b(you('ve| have)|in stock|there is|left|available)\b|\b(buy|take|get) every\b|\bhow many\b.{0,30}\bcan\b|这么多|那么多|\b(that|this|so) many\b|全买|全部|全都|所有的?|买下所有|\ball (of )?(the|them|it|its)\b|\bthe whole\b"  # 要的是全部库存：不是一个数量
PURPOSE = r"干什么|做什么|干嘛|是干|用途|作用|\bpurpose\b|\bwhat (does|do)\b.{0,40}\bdo\b"  # 问一个文件做什么：只引内容，说不概括
STOCK_ASKED = r"(还有|还剩|剩下?|有)多少(?!钱|个?文件)(库存)?|多少库存|库存.{0,4}多少|\bhow many\b.{0,20}\b(left|in stock|remain\w*)\b|\bstock (level|count)s?\b|\bhow much stock\b"  # 问的是有多少库存，不是够不够
# 不要了哪一种（要紧挨着商品名）：“红笔先不要了”“红笔算了”“never mind the red pens”；“别去掉”“去掉一盒”“drop … to 1”不是
DROP = r"(?<!要)(?<![别不])(?:不要|不买|去掉|取消|删掉|算了)(?!忘|\s*[\d一两二三四五六七八九十])|(?<!don't )(?<!do not )\b(?:forget|drop|remove|skip|no more)\b(?!.{0,30}\bto \d)|\bwithout\b|\b(don't|do not|no longer) (want|need)\b|\bnever ?mind\b"
# 数量要乘上别的：“3 boxes for each of 2 classes”“每班 3 盒”“要 2 份”：说的不是一共要多少
MULTIPLIED = r"\b(for |to )?(each|every|per) (of )?((the|my|our|these|those|\d+) )*(class|person|people|student|team|group|day|week|month|room|kid|child|employee)(e?s)?\b|\b(classes|people|persons|students|teams|groups|kids|children|employees)\b.{0,15}\beach\b|\bfor \d+ (class|people|person|student|team|group|kid|child|employee)\w*\b|\beach (needs|gets|wants|one needs)\b|每(个|位|名)?(人|班|组|天|周|月|间|学生|同学|员工|孩子|部门|小组)|[\d两二三四五六七八九十]+ ?(份|个班|个组|个人|组|班)(?!长)"
INSTEAD = r"改成|换成|改为|减到|降到|减为|\b(instead|rather|make (it|that))\b|\b(drop|reduce|lower|cut|bring|change)\b.{0,30}\bto \d"  # 接着问时只换了这一种的数量，别的照旧
DROPPED = r"不要|不用|别要|去掉|取消|改主意|\b(instead of|rather than|drop(?!.{0,30}\bto \d)|without|no more|not the|forget)\b"
ALSO = r"(别|不要|不用)(去掉|删掉|取消)|\b(don't|do not) (drop|remove|forget)\b|\bkeep\b|也要|也来|还要|另外|\b(also|as well)\b|\btoo\s*[?.!]*$"  # 接着问时连同上一个问题的商品
RUN_TESTS = r"\btest (command|script)\b|测试(命令|脚本)|\bcommand\b.{0,20}\btests?\b"  # 问怎么跑测试（和 HOW 一起）
VERSION_OF = (  # 问了版本的库：“which version of React”“express是哪个版本”“the jest version”
    r"\bversions? of (?:the )?(@?[A-Za-z][A-Za-z0-9_@./+-]*)",
    r"(?<![A-Za-z0-9_@./+-])(@?[A-Za-z][A-Za-z0-9_@./+-]*)\s*(?:'s\s+)?(?:的|是|用的)?\s*(?:什么|哪个|哪一个|which|what)?\s*(?:versions?|版本)",
)
DEP_COUNT = r"(几|多少)个?依赖|依赖.{0,3}(几|多少)个|\bhow many (dependencies|deps|packages|libraries)\b|\bnumber of (dependencies|packages)\b"
OWN_VERSION = r"(项目|它|这个|本项目|包)(自己)?(的|是)?(什么|哪个|哪一个)?版本号?|\bwhat version is (it|this|my|our|the)\b( (project|app|package))?|版本号是|\bwhat version (is|'s) (it|this|the (project|app|package))\b|\bversion (number )?of (this|the) (project|app|package)\b|\b(project|package|app)('?s)? (own )?version\b|\bits (own )?version\b"  # 项目自己的版本号
OTHER_STEPS = r"(?i)\b(build|compile|deploy|install|set (it )?up|publish|release)\b|编译|构建|打包|部署|安装|发布"  # 运行、测试以外的几步
HOW = r"怎么|如何|怎样|什么命令|\bhow\b|\b(which|what) command\b"  # 问的是怎么运行（入口、测试），不是让我运行
MAKE = r"创建|新建|建一个|写一个|写入|\b(create|make|write)\b"  # 建文件：动词在文件名前面
AFTER_BUYING = r"买.{0,20}(还剩|剩下|剩余|剩几)|\bif i (buy|take|get)\b.{0,40}\bleft\b"  # 买了以后还剩多少：没做
IN_ALL = (  # 几种加起来的一个数（“红笔加蓝笔总共 3 盒”）
    r"(总共|一共|合计|加起来)(要|需要|够|有|共)?\s*[\d一二两三四五六七八九十]+\s*[盒支个]|\b\d+ (boxes )?(of )?[a-z ]*\bin total\b"
)
NOT_PROJECT = (
    r"函数|方法|配置|这个类|\b(function|method|class|config|dockerfile|makefile)\b"  # 问它们干什么：不是问项目
)
EITHER = r"或者?|还是(?!要)|要不然|否则|不够(就|的话)|\b(or|instead|if not)\b"  # 两种商品之间的这些词：挑一种
TOTAL = r"够|多少钱|总价|价钱|下单|\b(enough|cost|how much|afford|(the|a|grand) total|total (cost|price)|bill)\b|\btotal\s*[?？.!]*$"  # 要知道数量才答得了：够不够、要多少钱
SUM = r"一共|总共|合计|加起来|\b(total|altogether|in all|sum)\b"  # 几种商品加在一起
FOLLOW_UP = r"呢\s*[？?]?\s*$|^\s*(那么?|要是|如果是|换成|改成)|^\s*(and|what about|how about)\b"  # 接着上一个问题问
# 接着前一句说的（不另算一件事）：问的本来就在这一类的回答里（在哪里、版本、路径、列出来……）
ON_TOPIC = {
    "ls": r"列(一下|出来)|分别|叫什么|名字|哪些|是什么|一共|总共|几个|多少个|包|\b(which|what are they|names?|how many|in total)\b",
    "inventory": r"够|多少|钱|价|数量|有吗|都有|几[盒支个件包]|如果|可以吗|行吗|能买到|现货|充足|足够|\b(how many|price|enough|total|available|in stock|if (so|yes|not)|possible|bill|if (that|it|this) (works|is ok|is fine)|each|cost)\b",
    "use": r"哪里|在?哪儿|在?(哪个|哪些)(文件|包|目录)(里|中)?|用在|在哪|用的|"
    r"\b(where|(in )?which (files?|notebooks?|scripts?|modules?|packages?|folders?)|or not|anywhere)\b"
    r"|\b(imports?|uses?) (it|them)\b",
    "stack": r"版本号?|前端|后端|依赖|要求|\b(versions?|frontend|backend|dependencies|libraries|frameworks|needs?|requires?|required|depends?( on)?)\b",
    "entry": r"路径|哪个文件|文件|\b(path|which file|point|file|entry)\b",
    "tests": r"列出|列一下|叫什么|名字|哪些|分别|在哪(儿|里)?|哪儿|哪里|文件|\b(list|show|names?|called|where|files?)\b",
    "create": r"运行|执行|\b(run|execute|content|containing|with)\b",
}
ASKING = r"这个|那个|项目|需要|付|什么|哪|些|是|吗|呢|多少|充足|足够|吧|啊|的|了|有|都|也|么|谁|给出|给|说|列|分别|各自|具体|一下|\b(what|whats|which|who|is|are|was|were|do|does|did|the|a|an|it|its|they|them|of|in|on|for|s|me|show|give|tell|list|exactly|just|only|again|so|yes|not|that|this|those|these|actually|really|there|project|repo|app|package|codebase)\b"  # 问句里的虚词、请求的动词
FILLER = r"\bif (so|any)\b|(如果)?有的话|现在|以下是|这是(数据|记录)|数据如下|附上|\bhere('s| is| are)\b|\b(the )?(stock )?(record|data)s?\b|\b(below|attached)\b|请问?|谢谢|多谢|感谢|谢了|辛苦了?|帮我|帮个忙|麻烦你?|好的?|你好|嗨|我想(知道|问问?|了解)|问一下|想问一下|告诉我|一下|[那就吧呀啊啦哈呢嘛哦嗯了你您]|\b(now|hmm|ok|okay|please|pls|plz|thanks|thank|thx|ty|you|so|much|a|lot|very|cheers|hi|hello|hey|well|quick|question|i|i'd|would|like|want|to|know|can|could|tell|me|wonder|great|cool|in|advance|and|also|but)\b"
# 只补了库名的一小句里可以有的词（“and also Jest”）
LINKING = set("and also too or plus as well what about how with is are".split())
LANGUAGE_NAMES = set(
    "python node node.js nodejs java go golang ruby php rust javascript typescript".split()
)  # 问它：技术栈里的语言、运行时

# ── 说的话 ─────────────────────────────────────────────────
# 每行一句：键 | 中文 | English（\n 是换行，␣ 是句末的空格）
TABLE = r"""
offline | \n\n（离线回放：以上由固定规则根据工具结果生成，不是真实模型。配好 .env 后去掉 --demo 就是真模型。） | \n\n(Offline replay: the answer above was produced by fixed rules from the tool results, not by a real model. Set up .env and drop --demo to use a real model.)
unknown_question | 离线回放的规则认不出“{question}”问的是哪一类事，所以没有调用工具，也没有回答。它认得的问题像这样：\n- 帮我看看这个项目用了什么技术栈\n- 搜索一下项目里有没有用到 lodash\n- 我需要 3 盒红笔。库存够吗？（在 examples/inventory 里问） | The offline replay's rules can't tell what kind of question “{question}” is, so it called no tool and gives no answer. It understands questions like:\n- What tech stack does this project use?\n- Is lodash used anywhere?\n- I need 3 boxes of red pens. Enough in stock? (ask in examples/inventory)
not_understood | \n\n（我的规则没有认出“{clauses}”这一句：它要是在问别的事、要我做别的事，上面的回答没有包括，我也没有做。） | \n\n(My rules did not recognise “{clauses}”: if it asks or tells me something else, the answer above does not cover it and I did not do it.)
too_many | \n\n（你还问了 {names}：一次最多查 {n} 个，这些没有查。） | \n\n(You also asked about {names}: I check at most {n} at a time, so I did not check these.)
quote_join | ”“ | ”, “
colon | ： | :␣
semicolon | ； | ;␣
full_stop | 。 | .
state_not_run | 没有执行 | it did not run
state_missing | 调用了 {tool}，却没有收到结果 | I called {tool} but got no result
state_no_tool | 这次请求没有提供 {tool} 工具 | this request offers no {tool} tool
state_unreadable | 工具说读不出文字（{said}） | the tool says there is no text to show ({said})
state_garbled | 有些字解不出来（显示成 �：文件也许不是 UTF-8 编码的） | some of it could not be decoded (shown as �: the file may not be UTF-8)
state_empty | 是空的 | it is empty
state_end | 超出了末尾 | it is past the end
workdir | 工作目录 | the work folder
listed_part | 我只看到了{where}的前 {n} 项（没有列全） | I saw only the first {n} entries of {where}
list_failed | 我列不了{where}（{why}） | I could not list {where} ({why})
stack_head | 这个项目的技术栈如下： | This project's tech stack:
group | - {group}：{items} | - {group}: {items}
group_frontend | 前端 | Frontend
group_backend | 后端 | Backend
group_testing | 测试 | Testing
group_language | 语言工具 | Language tools
group_other | 其他依赖 | Other dependencies
group_include | 引用了别的清单（没有读） | Other manifests it refers to (not read)
group_path | 本地路径或地址（看不出包名） | Local paths or URLs (no package name)
dep_include | {name}（{path} 里引用的） | {name} (from {path})
dep_path | {name}（{path}） | {name} ({path})
runtime_of | （{runtime}） |  ({runtime})
extra_of | （可选依赖：{group}） |  (optional: {group})
runtime_unsaid | （我读的清单里没写要求的运行时版本（package.json 会写在 engines，pyproject.toml 会写在 requires-python）。） | ␣(The manifests I read name no required runtime version (package.json would say it in engines, pyproject.toml in requires-python).)
runtime_file | （目录里有 {files}：版本可能写在那里，我没有读它。） | ␣({files} is in the folder: the version may be written there; I did not read it.)
runtime_line | - 语言/运行时：{runtimes} | - Language/runtime: {runtimes}
manifest_bad | - {path} 读不了或解析不了（{why}），上面没有算它 | - {path} could not be read or parsed ({why}); not counted above
unparsed | 内容不是它该有的格式，或者嵌套太深 | its content is not in the expected form, or nested too deep
unparsed_cut | 我只看到了开头一部分（结果被截断了），这一部分解析不出依赖 | I saw only its start (the result was cut), and that part does not parse
manifest_part | - {path} 只看到了一部分（后面的没看到）：上面列的依赖可能不全 | - I saw only part of {path} (the rest was cut off), so the list above may be incomplete
manifests_skipped | - 还有这些依赖清单没有读（一次最多读 5 份）：{names} | - I did not read these manifests (I read at most 5): {names}
more_manifests | - {seen}，后面也许还有别的依赖清单 | - {seen}; there may be more manifests
readme_start | - {readme} 只看到了开头（后面被截断了）：下面的说明可能不全 | - I saw only the start of {readme} (it was cut off): the description below may be incomplete
about_line | - 项目说明（来自 {readme}）：{paragraph} | - About (from {readme}): {paragraph}
basis | 依据：{files}。 | Based on: {files}.
manifests_unread | 依赖清单读不了或解析不了（{why}），我判断不出技术栈。 | I could not read or parse the manifests ({why}), so I can't tell the tech stack.
no_manifest | 工作目录里没有 package.json、pyproject.toml 或 requirements.txt，我判断不出技术栈。 | The work folder has no package.json, pyproject.toml or requirements.txt, so I can't tell the tech stack.
no_manifest_in | {folder} 里没有依赖清单（package.json、pyproject.toml、requirements.txt），下面看的是工作目录的：\n\n | {folder} has no manifest (package.json, pyproject.toml, requirements.txt), so here is the work folder's:\n\n
asked_missing | - 你问到的 {names}：依赖清单（{files}）里我没看到 | - You asked about {names}: I did not see it in the manifests ({files})
manifests_unread_kind | \n- {files} 这样的清单（{languages} 的）我不读：上面没有它们里面的依赖 | \n- I do not read manifests like {files} ({languages}): their dependencies are not above
dep_count_part | - 我数到 {n} 个依赖（{files} 里写的，开发、测试用的也算在内）；下面说了有的清单、有的依赖我没有读到，实际可能不止这些 | - I counted {n} dependencies (as written in {files}, development and test ones included); as said below, some manifests or entries were not read, so there may be more
dep_count | - 一共 {n} 个依赖（{files} 里写的，开发、测试用的也算在内） | - {n} dependencies in all (as written in {files}, development and test ones included)
either_no_total | （你说的是几种里挑一种：没有把它们加在一起。） | (You asked for one of them, not all: I did not add them up.)
group_build | 构建工具 | Build tools
dynamic | - {path} 说依赖是动态的（dynamic，写在别处，比如 setup.py）：上面没有它们 | - {path} says its dependencies are dynamic (written elsewhere, setup.py say): they are not above
unread_line | - {path} 里有一行我读不懂（{table}）：上面没有它 | - A line of {path} I can't read ({table}): it is not above
own_version | - 项目自己的版本：{version}（{path} 里写的） | - The project's own version: {version} (from {path})
own_version_dynamic | - 项目自己的版本：{path} 说它是动态的（dynamic，写在别处），我没有看 | - The project's own version: {path} says it is dynamic (written elsewhere), and I did not look
own_version_none | - 项目自己的版本：依赖清单（{files}）里我没看到写版本号的地方 | - The project's own version: I saw none in the manifests ({files})
test_script | \n\n怎么跑测试：`{command}`（package.json 的 scripts.{name} 是 `{script}`）。 | \n\nTo run the tests: `{command}` (package.json's scripts.{name} is `{script}`).
test_guess | \n\n怎么跑测试：一般用 `{command}`（这是按清单里提到的测试框架说的：我没看到写明怎么跑测试的地方，比如 package.json 的 scripts.test、README 里讲测试的一节；它会跑哪些文件要看它的配置，比如 jest 默认只认 *.test.js、*.spec.js 和 __tests__ 里的文件）。 | \n\nTo run the tests: usually `{command}` (going by the test framework the manifests name: I saw nothing that says how to run them, such as package.json's scripts.test or a README section on tests; which files it runs depends on its settings, e.g. jest by default only picks up *.test.js, *.spec.js and files in __tests__).
test_placeholder | \n\n怎么跑测试：package.json 的 scripts.test 还是 npm init 写的占位（`{script}`），没有真的测试命令。 | \n\nHow to run the tests: package.json's scripts.test is still npm init's placeholder (`{script}`), not a real test command.
test_unknown | \n\n怎么跑测试：依赖清单里我没看到写明的命令（package.json 的 scripts.test），也没看到认得的测试框架，所以说不出来。 | \n\nHow to run the tests: the manifests name no command (package.json's scripts.test) and no test framework I know, so I can't say.
test_unread | \n\n怎么跑测试：{files} 没有读全，我说不出来。 | \n\nHow to run the tests: I could not read all of {files}, so I can't say.
no_manifest_part | {seen}，里面没有 package.json、pyproject.toml 或 requirements.txt；没看全，不能说没有，所以判断不出技术栈。 | {seen}, and none of them is package.json, pyproject.toml or requirements.txt; I did not see the rest, so I can't say there is none, and I can't tell the tech stack.
entry_start | 入口文件是 {path}：package.json 的 scripts.start 是 `{script}`。 | The entry point is {path}: package.json's scripts.start is `{script}`.
workspaces | - package.json 里有 workspaces：各个子包自己的 package.json 我没有读，上面没有它们的依赖 | - package.json has workspaces: I did not read each package's own package.json, so their dependencies are not above
entry_main | 入口文件是 {main}：package.json 的 "main" 字段写着它。 | The entry point is {main}: the "main" field of package.json names it.
main_gone | package.json 的 "main" 字段写着 {main}，不过工作目录里没有它（也许要先构建）。\n\n | The "main" field of package.json names {main}, but the work folder does not have it (it may need a build first).\n\n
main_missing | 不过工作目录里没有它（也许要先构建）。 |  But the work folder does not have it (it may need a build first).
no_main | package.json 没有 main 字段， | package.json has no main field;␣
odd_main | package.json 的 main 不是一个文件名， | package.json's main is not a file name;␣
package_unread | package.json 读不了或解析不了， | package.json could not be read or parsed;␣
entry_named | （{no_main}{name} 是常见的入口文件名） |  ({no_main}{name} is a usual entry file name)
entry_is | 入口文件应该是 {path}{why}。它的开头是：\n\n{head} | The entry point is probably {path}{why}. It begins with:\n\n{head}
entry_none | 顶层目录{folders}里没有常见的入口文件（index.js、main.py、main.go 之类），我没有再往别处找：入口也可能是别的名字。 | The top folder{folders} has no usual entry file (index.js, main.py, main.go and the like); I did not look further, and the entry point may have another name.
and_folders | 和 {folders}  |  and {folders}
entry_none_part | {seen}，里面没有常见的入口文件；没看全，不能说没有。 | {seen}, and found no usual entry file in it; I did not see the rest, so I can't say there is none.
run_script | \n\n启动项目：{command}（package.json 的 scripts.{name} 是 `{script}`）。 | \n\nTo start the project: {command} (package.json's scripts.{name} is `{script}`).
run_readme | \n\n启动项目：{readme} 的「{heading}」一节写着 `{command}`。 | \n\nTo start it: the “{heading}” section of {readme} says `{command}`.
test_readme | \n\n怎么跑测试：{readme} 的「{heading}」一节写着 `{command}`。 | \n\nTo run the tests: the “{heading}” section of {readme} says `{command}`.
run_readme_line | \n\n启动项目：{readme} 里写着 `{command}`。 | \n\nTo start it: {readme} says `{command}`.
test_readme_line | \n\n怎么跑测试：{readme} 里写着 `{command}`。 | \n\nTo run the tests: {readme} says `{command}`.
run_dev_too | （开发时用 `npm run dev`：package.json 的 scripts.dev 是 `{script}`。） |  (For development: `npm run dev`; package.json's scripts.dev is `{script}`.)
readme_unusable | （{readme} 我读不了（{why}）：里面也许写了，我没看到。） |  ({readme}: I could not read it ({why}); it may say, but I did not see it.)
readme_partly | （{readme} 我只读了开头一部分：后面也许写了，我没看到。） |  ({readme}: I read only its beginning; the rest may say, but I did not see it.)
run_readme_mention | \n\n运行它：我没找到讲运行的一节，不过 {readme} 里有这样一行：“{line}”。 | \n\nTo run it: I found no section on running it, but {readme} has this line: “{line}”.
run_guess | \n\n运行它：一般用 `{command}`（这是按文件类型说的：我没看到写明怎么启动的地方）。 | \n\nTo run it: usually `{command}` (going by the file type: I saw nothing that says how to start it).
entry_script | 装好这个项目以后，命令 `{name}` 运行的是 `{target}`（{where} 里写的）：这是这个命令的入口。 | Once the project is installed, the command `{name}` runs `{target}` ({where} says so): that is the entry point of this command.
entry_also | 顶层还有常见的入口文件：{files}。 |  A usual entry file is at the top too: {files}.
top_only_entry | （你问的是 {folder} 里的入口：我找的是整个项目的入口（package.json 的 main、顶层和 src/、cmd/ 这些目录里常见的文件名），没有专门看 {folder}。）\n\n | (You asked about the entry point in {folder}: I looked for the project's entry point (package.json's main, usual file names at the top and in src/, cmd/ and the like), not at {folder} in particular.)\n\n
top_only_branch | （我在工作目录里查的分支，没有进 {folder} 里查。）\n\n | (I checked the branch in the work folder, not inside {folder}.)\n\n
top_unknown | （“{folder}”：我没认出它是哪个目录，下面的回答没有按它来。）\n\n | (“{folder}”: I could not tell which folder that is, so the answer below does not take it into account.)\n\n
package_bin | package.json 的 "bin" | package.json's "bin"
pyproject_table | pyproject.toml 的 [{table}] | the [{table}] table of pyproject.toml
more_scripts | 它还写着：{more}。 |  It also names {more}.
run_installed | \n\n运行它：装好这个项目以后（比如 {install}）执行 `{name}`。 | \n\nTo run it: once the project is installed ({install}, say), run `{name}`.
run_unknown | \n\n（你还问了怎么运行：我没看到写明怎么启动的地方，说不出来。） | \n\n(You also asked how to run it: I saw nothing that says how to start it, so I can't say.)
used | 用到了 {name}{where}：{n} 处依赖声明或引入，在 {files}：\n\n{hits} | Yes, {name} is used{where}: {n} declaration(s) or import(s), in {files}:\n\n{hits}
also_in | \n\n它还出现在 {files}：那些行我看不出是不是声明或引入，没有算在里面。 | \n\nIt also appears in {files}: I can't tell whether those lines declare or import it, so they are not counted.
import_files | \n\n引入它的文件（依赖清单不算）：{n} 个，{files}。 | \n\nFiles that import it (manifests not counted): {n}, {files}.
more_hits | \n  ……还有 {n} 处没有列出来 | \n  … and {n} more not shown
maybe_more | \n\n（{gaps}：可能还有更多。） | \n\n({gaps}: there may be more.)
declared_head | 依赖清单里声明了 {name}{where}，按 {names} 搜到的代码里没有引入它的地方（声明了不一定用到；import 的名字也可能和包名不一样；测试框架、构建工具、命令行工具不用 import 也会用到）：{n} 处声明，在 {files}：\n\n{hits} | {name} is declared in a manifest{where}, but no code I searched (for {names}) imports it (declared is not necessarily used; its import name may differ from the package name; test frameworks, build and command-line tools are used without an import): {n} declaration(s), in {files}:\n\n{hits}
gap_cut | 搜索结果被截断了 | the search results were cut off
gap_skipped | 有的目录没有搜，也没有列全是哪些 | some folders were not searched and not all are named
gap_unsearched | 有文件或目录没有搜（{note}） | some files or folders were not searched ({note})
cannot_tell | 说不准是否用到了 {name}{where}：没找到它的依赖声明或 import，但我没看全：{gaps}。{seen} | I can't tell whether {name} is used{where}: I found no declaration or import, but I did not see everything: {gaps}.{seen}
in_folder | （只搜了 {folder}） |  (I searched only {folder})
not_used | 没有搜到 {name}：search_files 在项目的文件内容里没有找到它{tried}（搜索区分大小写：依赖清单里写成别的大小写的，这样搜不到；文件名不在搜索之内）。 | {name} was not found: search_files found it in no file's content in the project{tried} (the search is case-sensitive: a manifest that spells it with other capitals would not match; file names are not searched).
named_files | 文件内容里没有搜到 {name}{tried}，不过目录里有名字带着它的：{files}。它们是不是在用 {name}，我没有读，说不准。 | No file content mentions {name}{tried}, but these names contain it: {files}. Whether they use {name}, I did not read them and can't tell.
not_found_in | search_files 在 {folder} 里没有搜到 {name}（只搜了 {folder}，依赖清单和别的目录不在里面）{tried}。 | search_files found {name} nowhere in {folder} (I searched only {folder}; the manifests and the other folders are not in it){tried}.
tried | （区分大小写：{names} 都搜了） |  (it is case-sensitive: I searched for {names})
not_own | \n（没有搜 {folders}：版本库、依赖和虚拟环境里是别人的代码，不算项目用到。） | \n(I did not search {folders}: version control, dependencies and virtual environments hold other people's code.)
no_test_folder | 工作目录这一层没有 tests、test、__tests__ 或 spec 目录，也没有 test_x.py、x.test.js 这样命名的文件（更深的子目录我没有找）。 | The top of the work folder has no tests, test, __tests__ or spec folder, and no file named like test_x.py or x.test.js (I did not look in deeper folders).
no_test_folder_part | {seen}，里面没有 tests、test、__tests__ 或 spec 目录，也没有按测试命名的文件；没看全，不能说没有。 | {seen}, and none of them is a test folder or a file named like a test; I did not see the rest, so I can't say there is none.
test_files | 测试目录里的文件、按测试命名的文件： | Files in the test folders, and files named like tests:
no_test_names | （这个目录里没有按测试命名的文件，比如 test_x.py、x.test.js；子目录里的没有看） | (no file in this folder is named like a test, such as test_x.py or x.test.js; subfolders not checked)
empty_tests | （测试目录是空的） | (the test folder is empty)
tests_scope | （我只看了{where} 这几处：更深的目录里按测试命名的文件没有找） | (I looked only in {where}: files named like tests in deeper folders were not searched for)
top | 顶层 | the top folder
not_listed | （子目录，没有往里列） |  (a subfolder; not listed)
file_unreadable | {path} 读不了：{why}。 | I could not read {path}: {why}.
file_name_hint | （我听出的文件名是 {path}：要是名字里有空格或者分号，把它放在引号里再问。） |  (I took the file name to be {path}: if the name has a space or a semicolon, put it in quotes and ask again.)
file_empty | {path} 是空文件。 | {path} is empty.
file_whole | {path} 一共 {n} 行 | {path} has {n} line(s)
file_seen | {path} 我只看到了 {n} 行（没有读全） | I saw only {n} lines of {path} (not all of it)
file_partial | {path} 我只看到了开头被截断的一部分，不到一整行 | I saw only a cut-off start of {path}, less than one whole line
gap_ambiguous | 结果末尾有一行分不清是匹配还是工具的说明（{line}） | a line at the end of the results could be a match or the tool's note ({line})
appears_in | 它出现在这些文件里：{files}。 |  It appears in: {files}.
file_quoted | ，下面是前 {n} 行 | ; here are the first {n}
file_purpose | \n\n（你问的是它做什么：上面引了它的内容，我不从代码里概括它的用途。） | \n\n(You asked what it does: above is its content; I don't sum up what code does.)
file_value | \n\n（你问的是它里面写的一项：上面引了它的内容，我不从里面挑出来回答。） | \n\n(You asked about one thing it says: above is its content; I don't pick it out for you.)
no_readme | 工作目录里没有 README，我不从别的文件猜项目是做什么的。可以问“这个项目用了什么技术栈”，或者问入口文件。 | There is no README in the work folder, and I won't guess from other files. Try asking about the tech stack.
readme_unlisted | {seen}，看到的部分里没有 README：说不准有没有，也说不出项目是做什么的。 | {seen}, and the part I saw has no README, so I can't tell what the project does.
readme_error | {readme} 读不了：{why} | I could not read {readme}: {why}
no_paragraph | {readme} 开头没有一段说明文字，我不从里面猜项目是做什么的。 | {readme} does not start with a paragraph of prose, so I won't guess.
readme_part | {readme} 只看到了开头一部分（后面被截断了，翻页也补不回来），看到的部分里还没有说明文字：我说不出项目是做什么的。 | I saw only the start of {readme} (the rest was cut off and paging can't bring it back), and that part has no paragraph of prose yet, so I can't tell what the project does.
paragraph_part | \n\n（{readme} 在这段话当中被截断了：后面可能还有没看到的。） | \n\n({readme} was cut off in the middle of this paragraph: there may be more that I did not see.)
about | 根据 {readme}，这个项目{title}是这样介绍自己的（第一段）：\n\n    {paragraph} | According to {readme}, this project{title} describes itself like this (first paragraph):\n\n    {paragraph}
titled | （{title}） |  ({title})
not_run | 命令没有执行：{reason}。所以我不知道{what}。 | The command did not run: {reason}. So I can't tell {what}.
reason_no_tty | 需要用户确认，但当前不是交互终端 | it needs your approval, but this is not an interactive terminal (pass --yes to approve commands automatically)
reason_declined | 用户拒绝了这条命令 | you declined it
reason_too_long | 命令太长 | the command was too long to show for approval
failed | 命令 `{command}` 失败了（退出码 {code}）：“{line}” | `{command}` failed (exit code {code}): "{line}"
output_first | \n    …（一共 {n} 行，上面是前 {shown} 行） | \n    … ({n} lines in all; the first {shown} are above)
output_part | \n\n（输出太长，中间被截掉了一段：我只看到了开头和结尾，上面不是全部。） | \n\n(The output was too long and its middle was cut: I saw only its beginning and end, not all of it.)
no_output | （没有输出） | (no output)
output_unseen | （输出被截断了，我没看到内容） | (the output was cut off; I saw none of it)
what_ls | {where}下有什么 | what is in {where}
ls_empty | {where}是空的：`{command}` 什么也没有列出。 | Nothing in {where}: `{command}` listed nothing.
ls_head | `{command}` 列出了 {n} 项：{names} | `{command}` listed these ({n}): {names}
ls_head_part | `{command}` 的输出里我看到了 {n} 项：{names} | In the output of `{command}` I saw {n} entries: {names}
ls_ext | \n其中 .{ext} 文件 {n} 个：{names} | \nOf these, {n} are .{ext} files: {names}
ls_flat | \n\n（只列了这一层：{folders} 里面的没有列。） | \n\n(Only this level: what is inside {folders} was not listed.)
what_branch | 当前是哪个分支 | which branch this is
detached | `{command}` 没有输出分支名：按 git 的说明，这表示 HEAD 处于分离状态（detached HEAD），不在任何分支上。 | `{command}` printed no branch name: per git's documentation, HEAD is detached (not on any branch).
branch | 当前 git 分支是 {branch}（`{command}` 的输出）。 | The current git branch is {branch} (output of `{command}`).
what_content | 要往 {name} 里写什么？请在问题里写出来，例如：创建一个 {name} 写入 print("hi") 然后运行它 | What should go into {name}? Say it in the question, e.g.: create {name} with print("hi") and run it
cmd_cannot_write | 没有创建 {name}：要写的 {content} 里有 %、! 或换行，cmd 的 echo 会把它们改掉（%X% 展开成变量的值），写进去的就不是这些了。请换一种写法，或者自己建这个文件。 | {name} was not created: {content} has %, ! or a line break, which cmd's echo would change (%X% becomes a variable's value), so the file would not hold this. Write it another way, or create the file yourself.
what_created | {name} 有没有建好 | whether {name} was created
what_printed | 它会输出什么 | what it prints
not_created | 没有创建 {name}：命令没有执行（{reason}）。 | {name} was not created: the command did not run ({reason}).
not_run_either | 所以也没有运行它。 |  So it was not run either.
create_failed | 。没有运行它。 | . It was not run.
created | 已创建 {name}，写入了 {content}（退出码 0） | Created {name} containing {content} (exit code 0)
run_not_run | ；但运行它的命令没有执行（{reason}），所以我不知道它会输出什么。 | ; but the command to run it did not run ({reason}), so I can't tell what it prints.
run_failed | ；但运行失败了。 | ; but running it failed.␣
ran | ，运行了它（`{command}`，退出码 0），输出是： | , and ran it (`{command}`, exit code 0); it printed:
what_count | 每个 .{ext} 文件有多少行 | how many lines each .{ext} file has
what_count_file | {name} 有多少行 | how many lines {name} has
count_from_read | \n\n不过 {name} 我已经读全了：一共 {n} 行。 | \n\nBut I have read all of {name}: it has {n} line(s).
here | 当前目录 | this directory
count_no_files | 我没在 {folder} 里找到可以数的测试文件，没有数行数。 | I found no test files to count in {folder}, so I counted no lines.
count_head | `{command}` 的输出： | Output of `{command}`:
count_flat | \n\n（`*.{ext}` 只匹配这一层的 .{ext} 文件：子目录里的没有数。） | \n\n(`*.{ext}` matches only the .{ext} files directly in this folder: those in subfolders were not counted.)
count_guess | \n（你没说数哪种文件：我数的是 .py 文件。） | \n(You did not say which kind of file: I counted .py files.)
which_item | 我没听出你要查哪种商品：请说出商品名，例如“我需要 3 盒红笔，库存够吗？” | I could not make out which item to check: name it, e.g. “I need 3 boxes of red pens. Enough in stock?”
enough | 够。{name}库存 {have}，你需要 {need}：{stock} ≥ {q}。\n一共 {q} × {price} = {cost} {money}。 | Enough. {name}: {have} in stock, you need {need}: {stock} ≥ {q}.\nTotal: {q} × {price} = {cost} {money}.
short | 不够。{name}库存只有 {have}，你需要 {need}：{stock} < {q}，还差 {gap}，所以没有按 {need}算总价。 | Not enough. {name}: only {have} in stock, you need {need}: {stock} < {q}, {gap} short, so I did not price {need}.
stock_report | {name}：库存 {have}，单价 {price} {money}。 | {name}: {have} in stock at {price} {money} each.
ask_quantity | 我查到了{name}：库存 {stock}，单价 {price} {money}。\n但{why}——库存 {stock} 是现有的数量，不是你要买的数量。请告诉我你需要多少（比如几盒），我再核对库存、算总价。 | I found {name}: {stock} in stock at {price} {money} each.\nBut {why}: the stock of {stock} is what there is, not what you want to buy. Tell me how many you need and I'll check the stock and the total.
no_quantity | 我没从你的问题里听出你要多少 | I could not make out from your question how many you need
unclear_quantity | 从你说的“{said}”我拿不准你要多少 | I can't tell how many you want from “{said}”
no_user | 这次输入里没有你的原话（没有 user 消息），我不知道你需要多少 | this input has none of your words (no user message), so I don't know how many you need
no_task | 这次输入里没有用户的问题（没有 user 消息），我不知道要做什么。请把你的问题再说一遍。 | This input has no question from the user (no user message), so I don't know what to do. Please ask again.
stock_error | 没能读到{name}的库存：read_file 读 {path} 时报错（{said}）。\n没有数据，我就不知道{name}现在有多少、单价是多少，判断不了库存能否满足你的需要，也算不出总价。请确认商品名称，或者看看 {folder} 目录里有没有 {item}.json。 | I could not read the stock of {name}: read_file on {path} failed ({said}).\nWithout the data I don't know how many there are or what they cost, so I can't tell whether the stock covers your order, and I can't give a total. Check the item's name, or whether {folder} has {item}.json.
stock_unknown | 我不知道{name}的库存数据在哪里：这次请求里没有写（system 规则里没有；项目的 AGENTS.md 写了的话，agent 会把它加进 system 规则），我就不去猜文件名。所以判断不了库存能否满足你的需要，也算不出总价。 | I don't know where the stock data of {name} is: this request does not say (the system rules don't; a project's AGENTS.md that says it would be added to them), and I won't guess file names. So I can't tell whether the stock covers your order, or give a total.
rules_cut | \n（请求里的 system 规则被截断了：没看到的那部分也许写了库存在哪里。） | \n(The system rules in this request were cut off: the part I did not see may say where the stock is.)
stock_cut | {path} 没能完整读到（结果在中途断了：可能是工具结果被截短了，也可能文件本身就没写完），我不拿半份数据回答：判断不了库存能否满足你的需要，也算不出总价。 | I could not read all of {path} (it stops mid-way: the tool result may have been cut short, or the file itself is unfinished), and I won't answer from half a record: I can't tell whether the stock covers your order, or give a total.
stock_bad | {path} 读到了，但它不是我能用的库存记录（要是 JSON：stock 是不小于 0 的整数，unit_price 是不小于 0、不超过 100 位的数，item、unit、currency 是文字），我不拿猜的数字回答：判断不了库存能否满足你的需要，也算不出总价。 | I read {path}, but it is not a stock record I can use (JSON with stock a whole number ≥ 0, unit_price a number ≥ 0 of at most 100 digits, and item, unit and currency as text), and I won't answer with guessed numbers: I can't tell whether the stock covers your order, or give a total.
stock_other_item | read_file 读 {path} 得到的记录写的是“{other}”（库存 {stock}、单价 {price}），不是你问的“{name}”：要么这份数据记错了，要么这条结果配错了调用。我不拿它来算。 | The record that read_file returned for {path} is about “{other}” (stock {stock}, price {price}), not the “{name}” you asked about: either the data is wrong or this result answers another call. I won't use it.
stock_other_unit | {path} 里的库存是 {stock} {unit}，你问的是 {q} {asked_unit}。我不知道一{asked_unit}是多少{unit}，所以判断不了够不够，也算不出总价。 | {path} counts {stock} {unit}, and you asked for {q} {asked_unit}. I don't know how many {unit} make one {asked_unit}, so I can't tell whether it is enough, or give a total.
line_enough | {name}：库存 {have}，你需要 {need}：{stock} ≥ {q}，够；{q} × {price} = {cost} {money}。 | {name}: {have} in stock, you need {need}: {stock} ≥ {q}, enough; {q} × {price} = {cost} {money}.
line_short | {name}：库存 {have}，你需要 {need}：{stock} < {q}，不够，还差 {gap}。 | {name}: {have} in stock, you need {need}: {stock} < {q}, {gap} short.
line_error | {name}：没能读到库存（read_file 读 {path} 时报错：{said}），不知道有多少、单价多少——不是 0，也不是缺货。 | {name}: I could not read its stock (read_file on {path} failed: {said}), so I don't know how many there are or the price. That is not 0, and not out of stock.
gap_of | {name}还差 {gap} | {name} by {gap}
some_short | {gaps}，所以没有算总价：不能当作都买得到。 | Short: {gaps}, so I gave no grand total: the order can't be filled as asked.
some_unknown | {names}的情况不清楚（见上面），所以判断不了是不是都够，也没有算总价。 | I don't know enough about {names} (see above), so I can't tell whether everything is in stock, and I gave no grand total.
currencies_differ | 币种不一样，没有加在一起。 | The currencies differ, so I did not add them up.
all_enough | 都够。一共 {sums} = {total} {money}。 | All in stock. Total: {sums} = {total} {money}.
stock_sum | 加起来一共 {sums} = {total}。 | Altogether: {sums} = {total}.
units_differ | 单位不一样，没有加在一起。 | The units differ, so I did not add them up.
tests_not_read | \n\n（你还问了测试里测的是什么（或有几个用例）：我只列出了文件，没有读它们，说不出来。） | \n\n(You also asked what the tests check (or how many cases they have): I only listed the files and did not read them, so I can't say.)
budget | \n（你说的“{said}”我没有拿来和总价比较：上面的“够”“不够”只说库存。） | \n(I did not compare the total with the “{said}” you mentioned: “enough” above is about the stock only.)
only_checked | 只查询，没有下单，也没有扣减库存。 | Only checked: nothing was ordered and no stock was reserved.
sources | （{parts}。{unitless}） | ({parts}.{unitless})
from_question | 数量 {quantities} 来自你的问题 | the quantity {quantities} comes from your question
from_questions | 数量 {quantities} 来自你的问题 | the quantities {quantities} come from your question
numbers_of | 库存 {stock}、单价 {price}  | the stock {stock} and the price {price}
numbers | 库存和单价 | the stock and the prices
from_files | {numbers}来自 {files} | {numbers} come from {files}
reused | \n\n（{things} 是之前的问题里读到、搜到的：后来改了的话，说“重新读一下”。） | \n\n({things}: read or searched for an earlier question; if it has changed since, say “read it again”.)
earlier | （是之前的问题里读到的：文件后来改了的话，说“重新读一下”） |  (read for an earlier question: if the file has changed since, say “read it again”)
earlier_of | （其中 {files} 是之前的问题里读到的：文件后来改了的话，说“重新读一下”） |  ({files} read for an earlier question: if it has changed since, say “read it again”)
pasted | 你贴的记录 | the record you pasted
pasted_unused | \n（你贴在问题里的库存记录有 {n} 条我没有用上：商品名对不上、同一种贴了两条，或者不是能用的记录。上面的数不是来自它们。） | \n({n} of the stock records you pasted into your question were not used: the item does not match, the same item was pasted twice, or the record is not usable. The numbers above do not come from them.)
from_user_data | 库存和单价来自你贴在问题里的数据，不是工具读到的 | the stock and the price come from the data you pasted into your question, not from a tool
unitless | {items}的库存数据里没写单位：我按你说的“{units}”来比。 |  The stock data for {items} gives no unit: I compared it with your {units}.
unit_taken | 你没说{items}要多少什么：我按库存数据里的“{units}”来比。 |  You gave no unit for {items}: I compared in the stock data's {units}.
carried_asked | （商品是这次对话里问过的：{said}。）\n | (Items asked about in this conversation: {said}.)\n
carried_items | （商品沿用你前面问的：{said}。）\n | (Same items as you asked earlier: {said}.)\n
carried_quantity | （数量沿用你前面问的 {said}。）\n | (Same quantity as you asked earlier: {said}.)\n
carried_also | （连同你前面问的商品一起算：{said}。）\n | (Together with the items you asked earlier: {said}.)\n
no_currency | （数据里没写币种） | (the data gives no currency)
unread_table | - {path} 的 [{table}] 表是我不读的写法：上面没有它里面的依赖 | - I do not read the [{table}] table of {path}: its dependencies are not above
folders_unread | - {folders} 这些子目录可能有自己的依赖清单，我没有往里看：要是有，上面没有它们的依赖 | - {folders} may have manifests of their own, and I did not look inside: if they do, their dependencies are not above
imported_name | 搜到的这几行看起来是从别的模块引入 {name}（一个名字，不是某个库的声明），在 {files}：\n\n{hits}\n\n只凭一行看不出它是不是写在字符串、文档字符串里；引入以后哪里调用了它，我也没有一处处去看。{seen}\n | These lines look like imports of {name} by name from another module (not a library declaration), in {files}:\n\n{hits}\n\nFrom one line I can't tell whether it sits inside a string or a docstring, and where it is called after that I did not check.{seen}\n
mentioned | 没有找到我认得的 {name} 的依赖声明或 import{where}（我认得 package.json、pyproject.toml、requirements*.txt 和 JS、Python 的引入；别的语言的引入我看不出来）；它出现在这些文件里：{files}。这些地方是不是在用它，我判断不了。 | I found no declaration or import of {name} that I recognise{where} (I know package.json, pyproject.toml, requirements*.txt and JS and Python imports; I can't read imports in other languages); it appears in: {files}. Whether those use it, I can't tell.
command_odd | 我看不懂 `{command}` 的结果（“{said}”：不是“退出码：N”开头的），所以不知道{what}。 | I can't read the result of `{command}` (“{said}”: it does not start with an exit code), so I can't tell {what}.
cut_unseen | `{command}` 的输出被截断了，我一行也没看到，所以不知道{what}。 | The output of `{command}` was cut off and I saw none of it, so I can't tell {what}.
"""
TEXTS = {
    k: (zh, en)
    for k, zh, en in (row.replace("\\n", "\n").replace("␣", " ").split(" | ") for row in TABLE.strip().splitlines())
}


def say(key: str, en: bool, /, **fields) -> str:
    """表里的一句话，填好花括号；en 为真用英文。"""
    return TEXTS[key][1 if en else 0].format(**fields)


def join(items, en: bool) -> str:
    return ("、" if not en else ", ").join(str(item) for item in items)
