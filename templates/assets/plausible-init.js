// The inline part of Plausible's per-site snippet, verbatim, as a file the policy's 'self' allows: the queue and
// init() its script reads. https://plausible.io/docs/script-update-guide
/* global plausible */
// eslint-disable-next-line @typescript-eslint/no-unused-expressions -- the snippet as Plausible documents it
window.plausible=window.plausible||function(){(plausible.q=plausible.q||[]).push(arguments)},plausible.init=plausible.init||function(i){plausible.o=i||{}};plausible.init()
