// placeholder: the page helper owns the real script
