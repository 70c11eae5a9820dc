//! Rule options as users write them: `NAME` or `NAME=VALUE`.

/// One option from the command line, e.g. `joker=forced` or `no-bonus`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RuleOption {
    pub name: String,
    pub value: Option<String>,
}

impl RuleOption {
    /// Splits `NAME[=VALUE]`; names are lower-cased and trimmed.
    pub fn parse(text: &str) -> RuleOption {
        match text.split_once('=') {
            Some((n, v)) => RuleOption { name: n.trim().to_ascii_lowercase(), value: Some(v.trim().to_string()) },
            None => RuleOption { name: text.trim().to_ascii_lowercase(), value: None },
        }
    }
}

impl std::fmt::Display for RuleOption {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.value {
            Some(v) => write!(f, "{}={}", self.name, v),
            None => write!(f, "{}", self.name),
        }
    }
}

impl std::str::FromStr for RuleOption {
    type Err = std::convert::Infallible;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(RuleOption::parse(s))
    }
}
