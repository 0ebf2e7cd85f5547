"""For people who write rule files: ``explain`` (the rules in English), ``listing`` (the Python
a rule file compiles into), ``catalog`` (what ``atout list`` prints), ``fmt`` (one layout),
``starter`` (``atout new``) and ``validation`` (what ``atout validate`` prints, remembered)."""
