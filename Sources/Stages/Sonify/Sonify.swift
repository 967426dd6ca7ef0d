// The Sonify stage lands here.
import ChartpipeCore
