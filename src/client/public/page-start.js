((script) => {
  let modules = script.dataset.modules.split(" ");
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
  new PerformanceObserver(() => setTimeout(start)).observe({ type: "paint", buffered: true });
  setTimeout(start, 1000);
})(document.currentScript);
