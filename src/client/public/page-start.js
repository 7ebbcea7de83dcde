((script) => {
  let modules = (script.getAttribute("data-modules") || "").split(" ").filter(Boolean);
  const start = () => {
    for (const [i, href] of modules.entries()) {
      const element = document.createElement(i ? "link" : "script");
      if (i) element.rel = "modulepreload";
      else element.type = "module";
      element[i ? "href" : "src"] = href;
      element.crossOrigin = "";
      document.head.append(element);
    }
    modules = [];
  };
  requestAnimationFrame(() => setTimeout(start));
  setTimeout(start, 1000);
})(document.currentScript);
